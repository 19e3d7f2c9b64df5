// The visitor alert forms in place, without React (src/pages/alertForm.tsx): each form posts
// its fields as JSON to /api/alerts and shows the answer's message in its polite live region,
// keeping focus in the form. Without JavaScript the same form posts to /alerts. The run page
// loads this as a plain script; calendars import it on the first focus in a form
// (islands/runtime/entry.ts), outside their first-load JavaScript.
type Text = { sending: string; failed: string };

for (const form of document.querySelectorAll<HTMLFormElement>("form[data-alert]:not([data-alert-ready])")) {
  form.dataset.alertReady = "";
  const text = JSON.parse(form.dataset.text ?? "{}") as Text;
  const status = form.querySelector<HTMLElement>("[data-alert-status]")!;
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  const email = form.querySelector<HTMLInputElement>("input[type=email]")!;
  const label = button.textContent;

  const say = (message: string, ok: boolean) => {
    const line = document.createElement("p");
    line.className = `form-status form-status--${ok ? "success" : "error"}`;
    line.textContent = message;
    status.replaceChildren(line);
    if (ok) email.removeAttribute("aria-invalid");
    else email.setAttribute("aria-invalid", "true");
  };
  // A changed address is a new attempt: the old error no longer applies to it.
  email.addEventListener("input", () => {
    if (!email.hasAttribute("aria-invalid")) return;
    email.removeAttribute("aria-invalid");
    status.replaceChildren();
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    const fields: Record<string, string> = {};
    for (const input of form.querySelectorAll("input")) fields[input.name] = input.value;
    // The calendar may have changed its filters in place since the page was served.
    if ("filters" in fields) fields.filters = location.search.slice(1);
    const { back: _back, ...body } = fields;
    const lang = document.documentElement.lang;
    button.disabled = true;
    button.textContent = text.sending;
    status.replaceChildren();
    let ok = false;
    try {
      const res = await fetch("/api/alerts", {
        method: "POST",
        // The page's language: the answer, and the alert's mails, speak it (src/http/locale.ts).
        headers: { "content-type": "application/json", accept: "application/json", ...(lang ? { "accept-language": lang } : {}) },
        body: JSON.stringify(body),
      });
      const answer = (await res.json().catch(() => ({}))) as { message?: unknown };
      ok = res.ok;
      say(typeof answer.message === "string" ? answer.message : text.failed, ok);
    } catch {
      say(text.failed, false); // offline, or the request never reached the site
    }
    button.disabled = false;
    button.textContent = label;
    // Disabling dropped the focus: put it back in the form, on the address when it needs correcting.
    (ok ? button : email).focus();
  });
}

export {};
