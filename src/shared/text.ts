// Every user-facing string. Components, pages and the API take text from here only;
// functions fill in the parts shown in braces. The areas live in ./text/, one file per group
// of screens; T joins them into one catalogue, so importers need not know which file holds what.
// Strings under an "our own wording" comment were worded here; the others keep the product's wording.
import { siteText } from "./text/site";
import { calendarText } from "./text/calendar";
import { runPageText } from "./text/runPage";
import { adminText } from "./text/admin";
import { panelsText } from "./text/panels";
import { runFormText } from "./text/runForm";
import { bulkText } from "./text/bulk";
import { insightsText } from "./text/insights";
import { toastText } from "./text/toast";
import { usersText } from "./text/users";
import { passwordText } from "./text/password";
import { gamesText } from "./text/games";
import { accountsText } from "./text/accounts";
import { validationText } from "./text/validation";
import { opsText } from "./text/ops";
import { storefrontText } from "./text/storefront";
import { staffCapacityText } from "./text/staffCapacity";
import { liveText } from "./text/live";
import { mailText } from "./text/mail";
import { runCalendarText } from "./text/runCalendar";
import { embedText } from "./text/embed";
import { shareImageText } from "./text/shareImage";
import { staffMailText } from "./text/staffMail";
import { alertsText } from "./text/alerts";
import { alertFormsText } from "./text/alertForms";

export const T = {
  ...siteText,
  ...calendarText,
  ...runPageText,
  ...adminText,
  ...panelsText,
  ...runFormText,
  ...bulkText,
  ...insightsText,
  ...toastText,
  ...usersText,
  ...passwordText,
  ...gamesText,
  ...accountsText,
  ...validationText,
  ...opsText,
  ...storefrontText,
  ...staffCapacityText,
  ...liveText,
  ...mailText,
  ...runCalendarText,
  ...embedText,
  ...shareImageText,
  ...staffMailText,
  ...alertsText,
  ...alertFormsText,
} as const;
