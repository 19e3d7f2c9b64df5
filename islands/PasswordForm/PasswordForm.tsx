import { api, errorMessage } from "../runtime/api";
import { PasswordField, SubmitButton, FormStatus } from "../components/Field";
import { useSchemaForm, type Parsed } from "../components/schemaForm";
import { changePasswordSchema, resetPasswordSchema } from "../../src/shared/schemas/auth";
import { T } from "../../src/shared/text";

/** Where a used reset link sends the person: sign-in, saying the password changed. */
export const AFTER_RESET_URL = "/auth?notice=reset";

const P = T.password;
// The browser's own check of the full rule until hydration (then the shared schema speaks).
const RULE = { minLength: 8, pattern: "(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9]).{8,}" };

const EMPTY = { currentPassword: "", password: "", confirmPassword: "" };
type Values = typeof EMPTY;
const changeBody = (v: Values) => ({ currentPassword: v.currentPassword, newPassword: v.password, confirmPassword: v.confirmPassword });
const resetBody = (v: Values) => ({ password: v.password, confirmPassword: v.confirmPassword });

type Props =
  /** /reset/{token}: a new password from a one-time link, then sign-in. */
  | { mode: "reset"; token: string; email: string; error?: string | null }
  /** /account: the signed-in person's current password, then a new one. */
  | { mode: "change"; email: string; error?: string | null; success?: string | null };

/**
 * Setting a password: from a reset link, or changing one's own. Works without JavaScript
 * (the API answers a form post with a 303 to the page, `?error=` on failure).
 */
export default function PasswordForm(props: Props) {
  const change = props.mode === "change";
  const form = useSchemaForm(EMPTY, { error: props.error, success: change ? props.success : null });
  const submit = form.onSubmit({
    // The bodies sent are the form's values, as typed (the schema only checks them).
    parse: (values): Parsed<unknown> => (change ? changePasswordSchema.safeParse(changeBody(values)) : resetPasswordSchema.safeParse(resetBody(values))),
    // The change schema calls the new password `newPassword`; the form shows it in `password`.
    shownAs: { newPassword: "password" },
    networkError: P.failed,
    send: async () => {
      if (props.mode === "reset") {
        const { error } = await api.api.auth.reset({ token: props.token }).post(resetBody(form.values));
        if (!error) {
          window.location.assign(AFTER_RESET_URL);
          return "stay";
        }
        form.fail(error, P.failed);
        return;
      }
      const { error } = await api.api.auth.password.post(changeBody(form.values));
      if (!error) {
        form.setValues(EMPTY);
        form.setSuccess(P.changed);
        return;
      }
      const message = errorMessage(error, P.failed);
      // The wrong current password is that field's problem.
      if (message === P.wrongCurrent) form.setErrors({ currentPassword: message });
      else form.setFormError(message);
    },
  });

  const action = props.mode === "reset" ? `/api/auth/reset/${encodeURIComponent(props.token)}` : "/api/auth/password";
  return (
    <form ref={form.formRef} method="post" action={action} onSubmit={submit} className="stack">
      <FormStatus error={form.formError} success={form.success} />
      {/* For password managers: whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={props.email} readOnly hidden />
      {change ? (
        <PasswordField label={P.currentPassword} name="currentPassword" autoComplete="current-password" required
          showLabel={P.showCurrentPassword} hideLabel={P.hideCurrentPassword} {...form.text("currentPassword")} />
      ) : null}
      <PasswordField label={P.newPassword} name={change ? "newPassword" : "password"} autoComplete="new-password" required {...RULE}
        showLabel={P.showNewPassword} hideLabel={P.hideNewPassword} {...form.text("password")} help={T.account.passwordRules} />
      <PasswordField label={P.confirmNewPassword} name="confirmPassword" autoComplete="new-password" required
        showLabel={P.showConfirmNewPassword} hideLabel={P.hideConfirmNewPassword} {...form.text("confirmPassword")} />
      {change
        ? <SubmitButton pending={form.pending} label={P.changeSubmit} busyLabel={P.changeSubmitting} />
        : <SubmitButton pending={form.pending} label={P.setSubmit} busyLabel={P.setSubmitting} />}
    </form>
  );
}
