// Spanish messages that are deliberately the English text: brand and proper names, codes and units,
// placeholder-only templates, and the few words Spanish writes the same (error, no) or players use as
// loanwords (booster, run, selfplay, Normal). See ./glossary.md.
export const SAME_AS_ENGLISH: readonly string[] = [
  // Brand, game and mode names.
  "app.name", "mail.signature", "run.organizer", "landing.heading", "clickSources.names.discord",
  "calendar.wow", "calendar.d2", "calendar.challengeTitle", "calendar.desertTitle", "panels.desert.name", "runKinds.desert",
  // Codes, units and placeholder-only templates.
  "panels.columns.id", "calendar.when.hours", "calendar.when.minutes", "staffMail.until", "feed.name", "shareImage.alt",
  // Spanish words spelled like English.
  "activity.no", "run.no", "toast.error", "mailStatus.colError",
  // Gamer loanwords Spanish players use as is.
  "calendar.booster", "runForm.booster", "panels.columns.booster", "labels.role.booster",
  "panels.columns.run", "activity.entityTypes.run", "run.breadcrumb",
  "labels.difficulty.normal_10", "labels.difficulty.normal_25", "labels.gameplayType.selfplay",
];
