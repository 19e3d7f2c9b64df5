import { createStore } from "jotai";

// One jotai store for all island roots of a page, so state such as the chosen time zone
// set in one island reaches the others.
export const browserStore = createStore();
