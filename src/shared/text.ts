// Every user-facing string: `T.area.key` is a string, or a function of named arguments for a
// message with placeholders (`T.run.title({ what, id })`). The catalogues are ICU messages in
// ./text/<locale>/, compiled per locale into ./text/compiled/ (src/render/catalogues.ts).
// On the server T speaks the current locale (src/shared/i18n/current.ts) wherever it is read,
// even through a subtree kept in a module constant (`const V = T.validation`); the browser build
// swaps this module for the page's one compiled locale (src/render/bundle.ts), so an island ships
// only its own language and only the messages it uses.
import type { AnyLocale } from "./i18n/locales";
import { currentLocale } from "./i18n/current";
import { T as en } from "./text/compiled/en/index";
import { T as de } from "./text/compiled/de/index";
import { T as fr } from "./text/compiled/fr/index";
import { T as es } from "./text/compiled/es/index";
import { T as ru } from "./text/compiled/ru/index";
import { T as pseudo } from "./text/compiled/en-XA/index";

type Tree = { readonly [key: string]: unknown };
type Nodes = Record<AnyLocale, Tree>;
const TREES: Nodes = { en, de, fr, es, ru, "en-XA": pseudo };
const LOCALE_KEYS = Object.keys(TREES) as AnyLocale[];

/** A live view of one subtree (`nodes`: that subtree in every locale): each read asks the current locale. */
function view(nodes: Nodes): Tree {
  const children = new Map<string | symbol, Tree>();
  return new Proxy(nodes.en, {
    get: (_, key) => {
      const value = nodes[currentLocale()][key as string];
      if (value === null || typeof value !== "object") return value;
      let child = children.get(key);
      if (!child) {
        child = view(Object.fromEntries(LOCALE_KEYS.map((l) => [l, nodes[l][key as string] as Tree])) as Nodes);
        children.set(key, child);
      }
      return child;
    },
    ownKeys: (target) => Reflect.ownKeys(target),
    getOwnPropertyDescriptor: (target, key) =>
      Object.hasOwn(target, key) ? { value: nodes[currentLocale()][key as string], enumerable: true, configurable: true, writable: false } : undefined,
  });
}

export const T = view(TREES) as typeof en;

/** The language T speaks right now (the page's, in the browser). */
export const locale = currentLocale;
