// Reference data: the game hierarchy with fixed ids (1 raid, 4 Challenge Mode, 5 Desert; parents 2 D2, 3 WoW), MoP raids,
// factions, service types, completion modes and class/spec rows.
import type { RetailClass } from "../src/shared/wowClasses";
import { CHALLENGE_MODES, DIFFICULTIES, GAME_IDS, GAME_SLUGS, SERVICE_TYPES } from "../src/shared/enums";

export const GAMES = [
  {
    id: GAME_IDS.wow, slug: "wow", name: "World of Warcraft", prefix: "WOW", parentGameId: null, displayOrder: 1,
    imageUrl: "/static/images/wow.svg",
    description: "Mists of Pandaria Classic boosts: raid runs from Mogu'shan Vaults to Siege of Orgrimmar and 9/9 Gold Challenge Modes, led by verified raid leaders.",
  },
  {
    id: GAME_IDS.raid, slug: GAME_SLUGS.raid, name: "MoP Raid Calendar", prefix: "MOP", parentGameId: GAME_IDS.wow, displayOrder: 2,
    imageUrl: "/static/images/mop-raid.svg",
    description: "Scheduled Mists of Pandaria raid runs in Normal and Heroic, 10 and 25 player, for EU and US realms, with loot priority and class options.",
  },
  {
    id: GAME_IDS.challenge, slug: GAME_SLUGS.challenge, name: "MoP Challenge Mode Calendar", prefix: "CM", parentGameId: GAME_IDS.wow, displayOrder: 3,
    imageUrl: "/static/images/mop-challenge.svg",
    description: "9/9 Gold Challenge Mode runs for transmog sets, titles and mounts: selfplay or pilot, Alliance or Horde, EU or US.",
  },
  {
    id: GAME_IDS.d2, slug: "d2", name: "Destiny 2", prefix: "D2", parentGameId: null, displayOrder: 4,
    imageUrl: "/static/images/d2.svg",
    description: "Destiny 2 raid carries and recoveries with experienced fireteams, including the Desert Perpetual and its feats.",
  },
  {
    id: GAME_IDS.desert, slug: GAME_SLUGS.desert, name: "Desert Perpetual Calendar", prefix: "TDP", parentGameId: GAME_IDS.d2, displayOrder: 5,
    imageUrl: "/static/images/desert-perpetual.svg",
    description: "The Desert Perpetual raid: sherpa runs and recoveries, with or without feats such as Phase Race and Token Limit.",
  },
] as const;

export const RAIDS = [
  { slug: "mogushan-vaults", name: "Mogu'shan Vaults" },
  { slug: "heart-of-fear", name: "Heart of Fear" },
  { slug: "terrace-of-endless-spring", name: "Terrace of Endless Spring" },
  { slug: "throne-of-thunder", name: "Throne of Thunder" },
  { slug: "siege-of-orgrimmar", name: "Siege of Orgrimmar" },
] as const;

export const RAID_DIFFICULTIES = DIFFICULTIES;
export const COMPLETION_MODES = ["Standard", "Full Clear", "Last Boss Only"] as const;

export const FACTIONS = [
  { region: "EU", name: "Alliance" },
  { region: "EU", name: "Horde" },
  { region: "US", name: "Alliance" },
  { region: "US", name: "Horde" },
] as const;

export const SERVICE_TYPES_BY_GAME: Record<number, readonly string[]> = {
  [GAME_IDS.raid]: SERVICE_TYPES,
  // The challenge-mode game's service types are its completion modes.
  [GAME_IDS.challenge]: CHALLENGE_MODES,
};

export const CLASS_SPECS: Readonly<Record<string, readonly string[]>> = {
  Paladin: ["Healer", "Tank", "Melee DPS"],
  Warrior: ["Tank", "Melee DPS"],
  Priest: ["Healer", "Caster DPS"],
  Monk: ["Healer", "Tank", "Melee DPS"],
  Rogue: ["Melee DPS"],
  Mage: ["Caster DPS"],
  Warlock: ["Caster DPS"],
  Druid: ["Healer", "Tank", "Caster DPS", "Melee DPS"],
  "Death Knight": ["Tank", "Melee DPS", "Melee DPS/Tank"],
  Hunter: ["DPS"],
  Shaman: ["Healer", "Caster DPS", "Melee DPS"],
  // Retail classes outside the MoP enum (migration 0011 adds them to existing databases).
  "Demon Hunter": ["Tank", "Melee DPS"],
  Evoker: ["Healer", "Caster DPS"],
} satisfies Record<RetailClass, readonly string[]>;
