export * from "./enums";
export * from "./games";
export * from "./users";
export * from "./runs";
export * from "./relations";
export * from "./clicks";
export * from "./audit";
export * from "./bulk";
