// The calendar's "Embed this calendar" control (staff only, src/pages/embed/control.tsx),
// without React: keeps the snippet in step with the address bar's filters (the calendar
// filters in place) and the chosen colours, and copies it. Texts come from data attributes.
import { embedSnippet, type EmbedTheme } from "../../src/shared/embed";
import { isLocale } from "../../src/shared/i18n/locales";

for (const root of document.querySelectorAll<HTMLElement>("[data-embed-snippet]")) {
  const code = root.querySelector("textarea")!;
  const copy = root.querySelector<HTMLButtonElement>("[data-embed-copy]")!;
  const status = root.querySelector<HTMLElement>("[role=status]")!;
  const d = root.dataset;
  const update = () => {
    const theme = root.querySelector<HTMLInputElement>("input[type=radio]:checked")?.value;
    code.value = embedSnippet({
      origin: d.origin!, slug: d.slug!, calendarHref: d.calendarHref!, filters: location.search.slice(1),
      theme: theme === "light" || theme === "dark" ? (theme as EmbedTheme) : null, linkText: d.linkText!,
      locale: isLocale(d.locale) ? d.locale : undefined,
    });
    status.textContent = "";
  };
  root.closest("details")?.addEventListener("toggle", update);
  root.addEventListener("change", update);
  copy.hidden = false;
  copy.addEventListener("click", async () => {
    update();
    try {
      await navigator.clipboard.writeText(code.value);
      status.textContent = d.copied ?? "";
    } catch {
      code.select();
      status.textContent = d.copyFailed ?? "";
    }
  });
}
