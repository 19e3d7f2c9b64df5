// The Spanish catalogue: one module per English area (../en/), every message an ICU string.
// Glossary and house style: ./glossary.md. Areas in ENGLISH_ONLY_AREAS have no file here.
import siteText from "./site";
import calendarText from "./calendar";
import runPageText from "./runPage";
import adminText from "./admin";
import panelsText from "./panels";
import runFormText from "./runForm";
import bulkText from "./bulk";
import insightsText from "./insights";
import toastText from "./toast";
import usersText from "./users";
import passwordText from "./password";
import gamesText from "./games";
import accountsText from "./accounts";
import validationText from "./validation";
import storefrontText from "./storefront";
import staffCapacityText from "./staffCapacity";
import liveText from "./live";
import mailText from "./mail";
import runCalendarText from "./runCalendar";
import embedText from "./embed";
import shareImageText from "./shareImage";
import staffMailText from "./staffMail";
import alertsText from "./alerts";
import alertFormsText from "./alertForms";

export const ES = {
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
};
