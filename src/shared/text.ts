// Every user-facing string: `T.area.key` is a string, or a function of named arguments for a
// message with placeholders (`T.run.title({ what, id })`). The catalogues are ICU messages in
// ./text/<locale>/, compiled per locale into ./text/compiled/ (src/render/catalogues.ts).
// On the server T speaks the current locale (src/shared/i18n/current.ts) wherever it is read,
// even through a subtree kept in a module constant (`const V = T.validation`); the browser build
// swaps this module for the page's one compiled locale (src/render/bundle.ts), so an island ships
// only its own language and only the messages it uses.
import type { AnyLocale } from "./i18n/locales";
import { currentLocale } from "./i18n/current";
import { T as en } from "./text/compiled/en";
import { T as de } from "./text/compiled/de";
import { T as fr } from "./text/compiled/fr";
import { T as es } from "./text/compiled/es";
import { T as ru } from "./text/compiled/ru";
import { T as pseudo } from "./text/compiled/en-XA";

type Tree = { readonly [key: string]: unknown };
const TREES: Record<AnyLocale, Tree> = { en, de, fr, es, ru, "en-XA": pseudo };

/** The subtree at `path` of a catalogue (the paths are the same in every locale). */
const at = (tree: Tree, path: readonly string[]) => path.reduce<Tree>((node, key) => node[key] as Tree, tree);

const views = new Map<string, Tree>();
/** A live view of one subtree: each property read looks the message up in the current locale. */
function view(path: readonly string[]): Tree {
  const id = path.join("\u0000");
  let v = views.get(id);
  if (v) return v;
  v = new Proxy(at(en, path), {
    get: (_, key) => {
      const value = at(TREES[currentLocale()], path)[key as string];
      return value !== null && typeof value === "object" ? view([...path, key as string]) : value;
    },
    ownKeys: () => Reflect.ownKeys(at(en, path)),
    getOwnPropertyDescriptor: (target, key) =>
      Object.hasOwn(target, key) ? { value: at(TREES[currentLocale()], path)[key as string], enumerable: true, configurable: true, writable: false } : undefined,
  });
  views.set(id, v);
  return v;
}

export const T = view([]) as typeof en;

/** The language T speaks right now (the page's, in the browser). */
export const locale = currentLocale;
