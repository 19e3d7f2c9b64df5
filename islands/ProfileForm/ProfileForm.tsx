import { useState } from "react";
import { api, errorMessage } from "../runtime/api";
import { TextField, FormStatus } from "../components/Field";
import { fieldErrors, useSchemaValidation, type FieldErrors } from "../components/formErrors";
import { useToast } from "../components/toast";
import { dashboardFor } from "../../src/domain/access";
import { profileSchema } from "../../src/shared/schemas/auth";
import { T } from "../../src/shared/text";

/** SPEC §9: 1.5 s between the success message and the dashboard. */
export const PROFILE_REDIRECT_MS = 1500;

/**
 * /complete-profile and /welcome?token=: a pending user picks a gaming nickname, then goes
 * to /admin (staff) or /dashboard (boosters).
 */
export default function ProfileForm({ token = null, nickname: keptNickname = "" }: {
  token?: string | null;
  /** Kept from a failed no-JavaScript post. */
  nickname?: string;
}) {
  const toast = useToast();
  const [nickname, setNickname] = useState(keptNickname);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [success, setSuccess] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useSchemaValidation();

  // SPEC §8: 'Error: Failed to complete profile', or the server's message.
  const failed = (message: string) =>
    toast(message ? { title: T.toast.error, description: message, variant: "destructive" } : { title: T.auth.profileFailed, variant: "destructive" });

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || success) return;
    const parsed = profileSchema.safeParse({ nickname });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const { data, error } = token
        ? await api.api["complete-profile-with-invite"]({ token }).post(parsed.data)
        : await api.api["complete-profile"].post(parsed.data);
      if (data && typeof data === "object" && "user" in data) {
        const user = data.user;
        setSuccess(token ? T.auth.profileDoneWelcome : T.auth.profileDone);
        setTimeout(() => window.location.assign(dashboardFor(user)), PROFILE_REDIRECT_MS);
        return;
      }
      failed(errorMessage(error, ""));
    } catch {
      failed("");
    }
    setPending(false);
  }

  const action = token ? `/api/complete-profile-with-invite/${encodeURIComponent(token)}` : "/api/complete-profile";
  return (
    <form ref={formRef} method="post" action={action} onSubmit={submit} className="stack">
      <FormStatus success={success} />
      <TextField label={T.account.gamingNickname} name="nickname" autoComplete="nickname" required minLength={2} maxLength={30}
        value={nickname} onChange={(e) => setNickname(e.target.value)} error={errors.nickname} help={T.account.nicknameHelp} />
      <button type="submit" className="button button--primary" disabled={pending || !!success} aria-busy={pending}>
        {pending ? T.account.saving : T.account.completeProfile}
      </button>
    </form>
  );
}
