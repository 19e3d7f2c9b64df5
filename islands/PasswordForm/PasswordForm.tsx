import { useEffect, useState } from "react";
import { api, errorMessage } from "../runtime/api";
import { PasswordField, FormStatus } from "../components/Field";
import { fieldErrors, useSchemaValidation, type FieldErrors } from "../components/formErrors";
import { changePasswordSchema, resetPasswordSchema } from "../../src/shared/schemas/auth";
import { T } from "../../src/shared/text";

/** Where a used reset link sends the person: sign-in, saying the password changed. */
export const AFTER_RESET_URL = "/auth?notice=reset";

const P = T.password;
// The browser's own check of the full rule until hydration (then the shared schema speaks).
const RULE = { minLength: 8, pattern: "(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9]).{8,}" };

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
  const [values, setValues] = useState({ currentPassword: "", password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(props.error ?? null);
  const [success, setSuccess] = useState<string | null>(change ? props.success ?? null : null);
  const [pending, setPending] = useState(false);
  const formRef = useSchemaValidation();

  // A refused submit moves focus to the first field that needs attention.
  useEffect(() => {
    if (Object.keys(errors).length) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, formRef]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setSuccess(null);
    const changeBody = { currentPassword: values.currentPassword, newPassword: values.password, confirmPassword: values.confirmPassword };
    const resetBody = { password: values.password, confirmPassword: values.confirmPassword };
    const parsed = change ? changePasswordSchema.safeParse(changeBody) : resetPasswordSchema.safeParse(resetBody);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      // The change schema calls the new password `newPassword`; the form shows it in `password`.
      setErrors({ ...found, password: found.password ?? found.newPassword });
      return;
    }
    setErrors({});
    setFormError(null);
    setPending(true);
    try {
      if (props.mode === "reset") {
        const { error } = await api.api.auth.reset({ token: props.token }).post(resetBody);
        if (!error) {
          window.location.assign(AFTER_RESET_URL);
          return; // stay pending while the browser navigates
        }
        setFormError(errorMessage(error, P.failed));
      } else {
        const { error } = await api.api.auth.password.post(changeBody);
        if (!error) {
          setValues({ currentPassword: "", password: "", confirmPassword: "" });
          setSuccess(P.changed);
        } else {
          const message = errorMessage(error, P.failed);
          // The wrong current password is that field's problem.
          if (message === P.wrongCurrent) setErrors({ currentPassword: message });
          else setFormError(message);
        }
      }
    } catch {
      setFormError(P.failed);
    }
    setPending(false);
  }

  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const action = props.mode === "reset" ? `/api/auth/reset/${encodeURIComponent(props.token)}` : "/api/auth/password";
  return (
    <form ref={formRef} method="post" action={action} onSubmit={submit} className="stack">
      <FormStatus error={formError} success={success} />
      {/* For password managers: whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={props.email} readOnly hidden />
      {change ? (
        <PasswordField label={P.currentPassword} name="currentPassword" autoComplete="current-password" required
          showLabel={P.showCurrentPassword} hideLabel={P.hideCurrentPassword}
          value={values.currentPassword} onChange={set("currentPassword")} error={errors.currentPassword} />
      ) : null}
      <PasswordField label={P.newPassword} name={change ? "newPassword" : "password"} autoComplete="new-password" required {...RULE}
        showLabel={P.showNewPassword} hideLabel={P.hideNewPassword}
        value={values.password} onChange={set("password")} error={errors.password} help={T.account.passwordRules} />
      <PasswordField label={P.confirmNewPassword} name="confirmPassword" autoComplete="new-password" required
        showLabel={P.showConfirmNewPassword} hideLabel={P.hideConfirmNewPassword}
        value={values.confirmPassword} onChange={set("confirmPassword")} error={errors.confirmPassword} />
      <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending}>
        {change ? (pending ? P.changeSubmitting : P.changeSubmit) : (pending ? P.setSubmitting : P.setSubmit)}
      </button>
    </form>
  );
}
