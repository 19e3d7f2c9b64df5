import { T } from "../../src/shared/text";

/**
 * A column's name for its cells' `data-label`: on a phone each row of a `.table--fit` stacks
 * as a card whose lines show it (styles.css). Display columns without a text header are the
 * row actions.
 */
export const columnLabel = (header: unknown) => (typeof header === "string" ? header : T.panels.columns.actions);
