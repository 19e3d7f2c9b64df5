import { useState } from "react";
import { api, errorMessage } from "../runtime/api";
import { PasswordField, TextField, FormStatus } from "../components/Field";
import { fieldErrors, useSchemaValidation, type FieldErrors } from "../components/formErrors";
import { landingFor } from "../../src/domain/landing";
import { inviteSignUpSchema, registrationFormSchema } from "../../src/shared/schemas/auth";
import { T } from "../../src/shared/text";

/** SPEC §9: a used invite sends the person to login after 1 s. */
export const USED_INVITE_REDIRECT_MS = 1000;

type Props = {
  /** "register": /register/{token} (full rules, confirmation); "invite": /auth?invite= (6+ characters). */
  mode: "register" | "invite";
  token: string;
  /** The invited email, loaded by the server; the button stays disabled without it. */
  email: string | null;
  boosterId?: string | null;
  error?: string | null;
  /** Kept from a failed no-JavaScript post. */
  nickname?: string;
  /** Where a used invite sends the person. */
  loginUrl: string;
};

/**
 * Account creation from an invite. Either way the new account is signed in at once and
 * lands on its dashboard.
 */
export default function RegisterForm({ mode, token, email, boosterId = null, error: initialError = null, nickname = "", loginUrl }: Props) {
  const register = mode === "register";
  const [values, setValues] = useState({ nickname, password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);
  const formRef = useSchemaValidation();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !email) return;
    const input = { email, nickname: values.nickname, password: values.password };
    const parsed = register ? registrationFormSchema.safeParse({ ...input, confirmPassword: values.confirmPassword }) : inviteSignUpSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    setPending(true);
    try {
      const { nickname, password } = parsed.data;
      const { data, error } = register
        ? await api.api.auth.register({ token }).post({ email, nickname, password })
        : await api.api["accept-invite"]({ token }).post({ email, nickname, password });
      if (data) {
        window.location.assign(landingFor(data.user));
        return;
      }
      const message = errorMessage(error, T.auth.registrationFailed);
      setFormError(message);
      if (message === T.invite.alreadyUsed) {
        setTimeout(() => window.location.assign(loginUrl), USED_INVITE_REDIRECT_MS);
        return;
      }
    } catch {
      setFormError(T.auth.registrationFailed);
    }
    setPending(false);
  }

  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const action = register ? `/api/auth/register/${encodeURIComponent(token)}` : `/api/accept-invite/${encodeURIComponent(token)}`;
  return (
    <form ref={formRef} method="post" action={action} onSubmit={submit} className="stack">
      <FormStatus error={formError} />
      <TextField label={T.account.email} type="email" name="email" value={email ?? ""} readOnly autoComplete="username" error={errors.email} />
      {boosterId ? <TextField label={T.account.boosterId} value={boosterId} readOnly /> : null}
      <TextField label={T.account.nickname} name="nickname" autoComplete="nickname" required minLength={2} maxLength={30}
        value={values.nickname} onChange={set("nickname")} error={errors.nickname} help={T.account.nicknameHelp} />
      <PasswordField label={T.account.password} name="password" autoComplete="new-password" required
        minLength={8} pattern="(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9]).{8,}"
        value={values.password} onChange={set("password")} error={errors.password}
        help={T.account.passwordRules} />
      {register ? (
        <PasswordField label={T.account.confirmPassword} name="confirmPassword" autoComplete="new-password" required
          showLabel={T.account.showConfirmPassword} hideLabel={T.account.hideConfirmPassword}
          value={values.confirmPassword} onChange={set("confirmPassword")} error={errors.confirmPassword} />
      ) : null}
      <button type="submit" className="button button--primary" disabled={pending || !email} aria-busy={pending}>
        {register ? (pending ? T.account.registering : T.account.register) : (pending ? T.account.creatingAccount : T.account.createAccount)}
      </button>
    </form>
  );
}
