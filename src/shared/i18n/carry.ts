// The server's side of carried messages (./carried.ts): a subtree of T's messages, in the current
// locale, as data an island prop can hold. Made once per locale and area.
import { carried as en } from "../text/compiled/en/carried";
import { carried as de } from "../text/compiled/de/carried";
import { carried as fr } from "../text/compiled/fr/carried";
import { carried as es } from "../text/compiled/es/carried";
import { carried as ru } from "../text/compiled/ru/carried";
import { carried as pseudo } from "../text/compiled/en-XA/carried";
import { currentLocale } from "./current";
import type { AnyLocale } from "./locales";
import type { CARRIED, Carried } from "./carried";
import type { T } from "../text";

const FORMS: Record<AnyLocale, Readonly<Record<string, unknown>>> = { en, de, fr, es, ru, "en-XA": pseudo };

type Area = keyof typeof CARRIED;
/** The carried part of an area of T. */
export type CarriedMessages<A extends Area> = Pick<(typeof T)[A], (typeof CARRIED)[A][number]>;

const made = new Map<string, unknown>();

/** An area's CARRIED messages in the current locale, as data. */
export function carry<A extends Area>(area: A): Carried<CarriedMessages<A>> {
  const locale = currentLocale();
  const id = `${locale}:${area}`;
  if (!made.has(id)) {
    // The module lists messages by dot path ('calendar.when.soon'): back into the catalogue's tree.
    const tree: Record<string, unknown> = {};
    for (const [path, form] of Object.entries(FORMS[locale])) {
      const [first, ...keys] = path.split(".");
      if (first !== area) continue;
      const last = keys.pop()!;
      let node = tree;
      for (const k of keys) {
        node[k] ??= {};
        node = node[k] as Record<string, unknown>;
      }
      node[last] = form;
    }
    made.set(id, tree);
  }
  return made.get(id) as Carried<CarriedMessages<A>>;
}
