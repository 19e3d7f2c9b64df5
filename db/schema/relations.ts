import { relations } from "drizzle-orm";
import { completionModes, factions, games, raidDifficulties, raids } from "./games";
import { challengeModeRuns, desertPerpetualRuns, raidRuns, runClassRestrictions } from "./runs";
import { administrators, boosterGames, boosters, owners, userSessions, users } from "./users";

export const gamesRelations = relations(games, ({ one, many }) => ({
  parent: one(games, { fields: [games.parentGameId], references: [games.id], relationName: "parent" }),
  childGames: many(games, { relationName: "parent" }),
}));

export const raidsRelations = relations(raids, ({ many }) => ({
  difficulties: many(raidDifficulties),
  completionModes: many(completionModes),
}));
export const raidDifficultiesRelations = relations(raidDifficulties, ({ one }) => ({
  raid: one(raids, { fields: [raidDifficulties.raidId], references: [raids.id] }),
}));
export const completionModesRelations = relations(completionModes, ({ one }) => ({
  raid: one(raids, { fields: [completionModes.raidId], references: [raids.id] }),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  booster: one(boosters, { fields: [users.id], references: [boosters.userId] }),
  administrator: one(administrators, { fields: [users.id], references: [administrators.userId] }),
  owner: one(owners, { fields: [users.id], references: [owners.userId] }),
  sessions: many(userSessions),
}));
export const userSessionsRelations = relations(userSessions, ({ one }) => ({
  user: one(users, { fields: [userSessions.userId], references: [users.id] }),
}));
export const boostersRelations = relations(boosters, ({ one, many }) => ({
  user: one(users, { fields: [boosters.userId], references: [users.id] }),
  boosterGames: many(boosterGames),
}));
export const boosterGamesRelations = relations(boosterGames, ({ one }) => ({
  booster: one(boosters, { fields: [boosterGames.boosterId], references: [boosters.id] }),
  game: one(games, { fields: [boosterGames.gameId], references: [games.id] }),
}));

export const raidRunsRelations = relations(raidRuns, ({ one, many }) => ({
  raid: one(raids, { fields: [raidRuns.raidId], references: [raids.id] }),
  faction: one(factions, { fields: [raidRuns.factionId], references: [factions.id] }),
  completionMode: one(completionModes, { fields: [raidRuns.completionModeId], references: [completionModes.id] }),
  booster: one(boosters, { fields: [raidRuns.boosterId], references: [boosters.id] }),
  game: one(games, { fields: [raidRuns.gameId], references: [games.id] }),
  classRestrictions: many(runClassRestrictions),
}));
export const runClassRestrictionsRelations = relations(runClassRestrictions, ({ one }) => ({
  run: one(raidRuns, { fields: [runClassRestrictions.runId], references: [raidRuns.id] }),
}));
export const challengeModeRunsRelations = relations(challengeModeRuns, ({ one }) => ({
  booster: one(boosters, { fields: [challengeModeRuns.boosterId], references: [boosters.id] }),
  game: one(games, { fields: [challengeModeRuns.gameId], references: [games.id] }),
}));
export const desertPerpetualRunsRelations = relations(desertPerpetualRuns, ({ one }) => ({
  booster: one(boosters, { fields: [desertPerpetualRuns.boosterId], references: [boosters.id] }),
  game: one(games, { fields: [desertPerpetualRuns.gameId], references: [games.id] }),
}));
