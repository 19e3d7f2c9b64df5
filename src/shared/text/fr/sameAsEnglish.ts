// French: messages deliberately identical to English (proper nouns, brands, codes, units, and the
// gaming terms French players use as is: run, raid, booster, faction, feats, selfplay).
export const SAME_AS_ENGLISH: readonly string[] = [
  // Brands, product and game/mode names.
  "app.name", "mail.signature", "run.organizer", "landing.heading", "clickSources.names.discord",
  "calendar.wow", "calendar.d2", "calendar.challengeTitle", "calendar.desertTitle", "panels.desert.name",
  "labels.region.EU", "calendar.standard",
  // Words French spells as English.
  "activity.fields.type",
  // Templates of placeholders, codes and units.
  "staffMail.until", "feed.name", "shareImage.alt", "panels.columns.id", "calendar.when.hours", "calendar.when.minutes",
  "toast.region",
  // Gaming terms identical in French.
  "activity.entityTypes.run", "run.breadcrumb", "panels.columns.run",
  "activity.fields.boosterId", "activity.fields.boosterUserId", "labels.role.booster", "panels.columns.booster",
  "runForm.booster", "calendar.booster",
  "activity.fields.raidId", "insights.dimensions.raid", "runForm.raid", "calendar.raid",
  "activity.fields.factionId", "activity.fields.faction", "insights.dimensions.faction", "panels.columns.faction",
  "panels.filterFaction", "runForm.faction", "calendar.faction",
  "panels.columns.feats", "calendar.feats", "labels.gameplayType.selfplay",
  // Same word in French.
  "activity.entityTypes.invite", "mailStatus.purposes.invitation",
];
