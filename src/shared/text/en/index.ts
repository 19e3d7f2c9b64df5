// The English catalogue, the source every other locale translates: one module per group of
// screens, joined here. Every message is an ICU MessageFormat string (plurals and selects by CLDR
// rules); the build compiles each locale into functions (src/shared/text/compiled/). Strings under
// an "our own wording" comment were worded here; the others keep the product's wording.
import { siteText } from "./site";
import { calendarText } from "./calendar";
import { runPageText } from "./runPage";
import { adminText } from "./admin";
import { panelsText } from "./panels";
import { runFormText } from "./runForm";
import { bulkText } from "./bulk";
import { insightsText } from "./insights";
import { toastText } from "./toast";
import { usersText } from "./users";
import { passwordText } from "./password";
import { gamesText } from "./games";
import { accountsText } from "./accounts";
import { validationText } from "./validation";
import { opsText } from "./ops";
import { storefrontText } from "./storefront";
import { staffCapacityText } from "./staffCapacity";
import { liveText } from "./live";
import { mailText } from "./mail";
import { runCalendarText } from "./runCalendar";
import { embedText } from "./embed";
import { shareImageText } from "./shareImage";
import { staffMailText } from "./staffMail";
import { alertsText } from "./alerts";
import { alertFormsText } from "./alertForms";

export const EN = {
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
