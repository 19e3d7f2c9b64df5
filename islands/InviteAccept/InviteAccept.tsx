import { useState } from "react";
import { api, errorMessage } from "../runtime/api";
import { TextField, FormStatus } from "../components/Field";
import { fieldErrors, useSchemaValidation, type FieldErrors } from "../components/formErrors";
import { profileSchema } from "../../src/shared/schemas/auth";
import { T } from "../../src/shared/text";

/** SPEC §9: 1 s after a used invite, 1.5 s after a successful acceptance, then login. */
export const USED_INVITE_REDIRECT_MS = 1000;
export const ACCEPTED_REDIRECT_MS = 1500;

/**
 * /invite/{token}: accept with a nickname; the person then signs in with the identity
 * provider (their verified email matches the new account).
 */
export default function InviteAccept({ token, loginUrl, error: initialError = null, nickname: keptNickname = "" }: {
  token: string; loginUrl: string; error?: string | null;
  /** Kept from a failed no-JavaScript post. */
  nickname?: string;
}) {
  const [nickname, setNickname] = useState(keptNickname);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(initialError);
  const [success, setSuccess] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useSchemaValidation();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || success) return;
    const parsed = profileSchema.safeParse({ nickname });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    setPending(true);
    try {
      const { error } = await api.api["accept-invite"]({ token }).post(parsed.data);
      if (!error) {
        setSuccess(T.auth.profileDoneInvite);
        setTimeout(() => window.location.assign(loginUrl), ACCEPTED_REDIRECT_MS);
        return;
      }
      const message = errorMessage(error, T.auth.profileFailed);
      setFormError(message);
      if (message === T.invite.alreadyUsed) {
        setTimeout(() => window.location.assign(loginUrl), USED_INVITE_REDIRECT_MS);
        return;
      }
    } catch {
      setFormError(T.auth.profileFailed);
    }
    setPending(false);
  }

  return (
    <form ref={formRef} method="post" action={`/api/accept-invite/${encodeURIComponent(token)}`} onSubmit={submit} className="stack">
      <FormStatus error={formError} success={success} />
      <TextField label={T.account.gamingNickname} name="nickname" autoComplete="nickname" required minLength={2} maxLength={30}
        value={nickname} onChange={(e) => setNickname(e.target.value)} error={errors.nickname} help={T.account.nicknameHelp} />
      <button type="submit" className="button button--primary" disabled={pending || !!success} aria-busy={pending}>
        {pending ? T.account.accepting : T.account.acceptInvite}
      </button>
    </form>
  );
}
