// Text fields never carry control characters (NUL, escape, backspace, ...) nor half of a
// surrogate pair (`isWellFormed`): nobody types them, pages would show them raw, and PostgreSQL refuses NUL
// in text and a lone surrogate in jsonb outright. One rule for every text field, query and
// URL of every schema, so the API and the forms refuse them alike.
import { z } from "./zod";

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
/** Multi-line fields (an invite message) keep tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/**
 * A string field whose type error reads `message` and whose control characters or broken
 * UTF-16 read `charsMessage` (the field's own message unless given). Checked first, so that
 * message wins over length messages.
 */
export const textOf = (message: string, charsMessage = message, opts: { multiLine?: boolean } = {}) =>
  z.string({ error: message }).regex(opts.multiLine ? MULTI_LINE : SINGLE_LINE, charsMessage).refine((s) => s.isWellFormed(), charsMessage);
