// Island props travel as JSON inside <script type="application/json">. Escaping <, > and &
// (and the JS line separators) means no prop value can close the script element or
// start an HTML comment, whatever a user typed into a nickname.
const ESCAPES: Record<string, string> = {
  "<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029",
};

export function serializeProps(props: unknown): string {
  return JSON.stringify(props ?? {}).replace(/[<>&\u2028\u2029]/g, (c) => ESCAPES[c]!);
}
