import { api } from "../runtime/api";
import { NicknameField, PasswordField, SubmitButton, TextField, FormStatus } from "../components/Field";
import { useSchemaForm } from "../components/schemaForm";
import { leaveIfInviteUsed } from "../components/inviteUsed";
import { landingFor } from "../../src/domain/landing";
import { inviteSignUpSchema, registrationFormSchema } from "../../src/shared/schemas/auth";
import { T } from "../../src/shared/text";

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
export default function RegisterForm({ mode, token, email, boosterId = null, error = null, nickname = "", loginUrl }: Props) {
  const register = mode === "register";
  const form = useSchemaForm({ nickname, password: "", confirmPassword: "" }, { error });
  const submit = form.onSubmit({
    ready: !!email,
    parse: ({ nickname, password, confirmPassword }) => {
      const input = { email: email ?? "", nickname, password };
      return register ? registrationFormSchema.safeParse({ ...input, confirmPassword }) : inviteSignUpSchema.safeParse(input);
    },
    networkError: T.auth.registrationFailed,
    send: async ({ nickname, password }) => {
      const body = { email: email ?? "", nickname, password };
      const { data, error } = register
        ? await api.api.auth.register({ token }).post(body)
        : await api.api["accept-invite"]({ token }).post(body);
      if (data) {
        window.location.assign(landingFor(data.user));
        return "stay";
      }
      return leaveIfInviteUsed(form.fail(error, T.auth.registrationFailed), loginUrl);
    },
  });

  const action = register ? `/api/auth/register/${encodeURIComponent(token)}` : `/api/accept-invite/${encodeURIComponent(token)}`;
  return (
    <form ref={form.formRef} method="post" action={action} onSubmit={submit} className="stack">
      <FormStatus error={form.formError} />
      <TextField label={T.account.email} type="email" name="email" value={email ?? ""} readOnly autoComplete="username" error={form.errors.email} />
      {boosterId ? <TextField label={T.account.boosterId} value={boosterId} readOnly /> : null}
      <NicknameField label={T.account.nickname} {...form.text("nickname")} />
      <PasswordField label={T.account.password} name="password" autoComplete="new-password" required
        minLength={8} pattern="(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9]).{8,}"
        {...form.text("password")} help={T.account.passwordRules} />
      {register ? (
        <PasswordField label={T.account.confirmPassword} name="confirmPassword" autoComplete="new-password" required
          showLabel={T.account.showConfirmPassword} hideLabel={T.account.hideConfirmPassword} {...form.text("confirmPassword")} />
      ) : null}
      {register
        ? <SubmitButton pending={form.pending} disabled={!email} label={T.account.register} busyLabel={T.account.registering} />
        : <SubmitButton pending={form.pending} disabled={!email} label={T.account.createAccount} busyLabel={T.account.creatingAccount} />}
    </form>
  );
}
