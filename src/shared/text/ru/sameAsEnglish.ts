// Russian messages deliberately identical to English: brand, game and mode names, codes, and
// messages that are only placeholders and ICU syntax.
export const SAME_AS_ENGLISH: readonly string[] = [
  "app.name",
  "mail.signature",
  "run.organizer",
  "calendar.wow",
  "calendar.d2",
  "calendar.challengeTitle",
  "calendar.desertTitle",
  "panels.desert.name",
  "panels.columns.id",
  "runKinds.challenge",
  "runKinds.desert",
  "clickSources.names.discord",
  "staffMail.until",
  "feed.name",
  "shareImage.alt",
];
