import { useState } from "react";
import { api, errorMessage } from "../runtime/api";
import { PasswordField, TextField, FormStatus } from "../components/Field";
import { fieldErrors, useSchemaValidation, type FieldErrors } from "../components/formErrors";
import { landingFor } from "../../src/domain/landing";
import { loginSchema } from "../../src/shared/schemas/auth";
import { T } from "../../src/shared/text";

/**
 * /auth email and password sign-in. Goes to returnTo (when safe) or the person's home.
 * Without JavaScript the form posts to the same endpoint, which redirects.
 */
export default function SignInForm({ returnTo = null, error: initialError = null, email = "" }: {
  returnTo?: string | null; error?: string | null;
  /** Kept from a failed no-JavaScript post (never the password). */
  email?: string;
}) {
  const [values, setValues] = useState({ email, password: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);
  const formRef = useSchemaValidation();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    setPending(true);
    try {
      const { data, error } = await api.api.auth.login.post(parsed.data);
      if (data && typeof data === "object" && "user" in data) {
        window.location.assign(landingFor(data.user, returnTo));
        return; // stay pending while the browser navigates
      }
      setFormError(errorMessage(error, T.auth.loginFailed));
    } catch {
      setFormError(T.auth.loginFailed);
    }
    setPending(false);
  }

  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value }));
  return (
    <form ref={formRef} method="post" action="/api/auth/login" onSubmit={submit} className="stack">
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <FormStatus error={formError} />
      <TextField label={T.account.email} type="email" name="email" autoComplete="username" required maxLength={255}
        value={values.email} onChange={set("email")} error={errors.email} />
      <PasswordField label={T.account.password} name="password" autoComplete="current-password" required
        value={values.password} onChange={set("password")} error={errors.password} />
      <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending}>
        {pending ? T.account.signingIn : T.account.signIn}
      </button>
    </form>
  );
}
