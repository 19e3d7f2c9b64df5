import { api } from "../runtime/api";
import { ChoiceField, FormStatus, SubmitButton } from "../components/Field";
import { useSchemaForm } from "../components/schemaForm";
import { preferencesSchema } from "../../src/shared/schemas/auth";
import type { AnyLocale } from "../../src/shared/i18n/locales";
import { T } from "../../src/shared/text";

/** Where a saved language goes: the account page again, now in that language. */
export const AFTER_SAVE_URL = "/account?saved=1";

const P = T.password;

/**
 * /account: the person's language. Saving reloads the page, which then speaks it (the
 * bundle is the page language's). Works without JavaScript (a form post answers 303).
 */
export default function LanguageForm({ locale, choices, error = null, success = null }: {
  locale: AnyLocale;
  /** Each language named in itself (and marked as written in it). */
  choices: readonly { value: AnyLocale; label: string; lang?: string }[];
  error?: string | null;
  success?: string | null;
}) {
  const form = useSchemaForm({ locale }, { error, success });
  const submit = form.onSubmit({
    parse: (values) => preferencesSchema.safeParse(values),
    networkError: P.languageFailed,
    send: async (body) => {
      const { error: failed } = await api.api.auth.preferences.post(body);
      if (!failed) {
        window.location.assign(AFTER_SAVE_URL);
        return "stay";
      }
      form.fail(failed, P.languageFailed);
    },
  });
  return (
    <form ref={form.formRef} method="post" action="/api/auth/preferences" onSubmit={submit} className="stack">
      <FormStatus error={form.formError} success={form.success} />
      <ChoiceField label={P.languageLabel} name="locale" help={P.languageHelp} error={form.errors.locale}
        value={form.values.locale} choices={choices} onChoose={(v) => form.set("locale", v)} />
      <SubmitButton pending={form.pending} label={P.languageSave} busyLabel={P.languageSaving} />
    </form>
  );
}
