// The server's side of carried messages (./carried.ts): a subtree of T's messages, in the current
// locale, as data an island prop can hold (compiled per locale, src/render/catalogues.ts).
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

const FORMS: Record<AnyLocale, Readonly<Record<Area, unknown>>> = { en, de, fr, es, ru, "en-XA": pseudo };

type Area = keyof typeof CARRIED;
/** The carried part of an area of T. */
export type CarriedMessages<A extends Area> = Pick<(typeof T)[A], (typeof CARRIED)[A][number]>;

/** An area's CARRIED messages in the current locale, as data. */
export const carry = <A extends Area>(area: A): Carried<CarriedMessages<A>> => FORMS[currentLocale()][area] as Carried<CarriedMessages<A>>;
