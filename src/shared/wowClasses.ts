// The 13 retail World of Warcraft classes the raid form offers (more than the MoP class
// enum: a restriction may name any of them), with the game's own class colours.

/** Blizzard's standard class colours, as the game's UI shows them. */
export const WOW_CLASS_COLOURS = {
  "Death Knight": "#C41E3A",
  "Demon Hunter": "#A330C9",
  Druid: "#FF7C0A",
  Evoker: "#33937F",
  Hunter: "#AAD372",
  Mage: "#3FC7EB",
  Monk: "#00FF98",
  Paladin: "#F48CBA",
  Priest: "#FFFFFF",
  Rogue: "#FFF468",
  Shaman: "#0070DD",
  Warlock: "#8788EE",
  Warrior: "#C69B6D",
} as const satisfies Record<string, `#${string}`>;

export type RetailClass = keyof typeof WOW_CLASS_COLOURS;

/** The classes in alphabetical order, as the Add Class list shows them. */
export const RETAIL_CLASSES = Object.keys(WOW_CLASS_COLOURS) as RetailClass[];

/** A class's colour, or null for a name outside the list (an old run's restriction). */
export const classColour = (wowClass: string): string | null =>
  Object.hasOwn(WOW_CLASS_COLOURS, wowClass) ? WOW_CLASS_COLOURS[wowClass as RetailClass] : null;
