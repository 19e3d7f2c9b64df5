import { api } from "../runtime/api";
import { FormStatus, NicknameField, SubmitButton } from "../components/Field";
import { useSchemaForm } from "../components/schemaForm";
import { profileSchema } from "../../src/shared/schemas/auth";
import { T } from "../../src/shared/text";
import { leaveIfInviteUsed } from "../components/inviteUsed";

/** 1.5 s after a successful acceptance, then login. */
export const ACCEPTED_REDIRECT_MS = 1500;

/**
 * /invite/{token}: accept with a nickname; the person then signs in with the identity
 * provider (their verified email matches the new account).
 */
export default function InviteAccept({ token, loginUrl, error = null, nickname = "" }: {
  token: string; loginUrl: string; error?: string | null;
  /** Kept from a failed no-JavaScript post. */
  nickname?: string;
}) {
  const form = useSchemaForm({ nickname }, { error });
  const submit = form.onSubmit({
    parse: (values) => profileSchema.safeParse(values),
    networkError: T.auth.profileFailed,
    send: async (body) => {
      const { error } = await api.api["accept-invite"]({ token }).post(body);
      if (!error) {
        form.setSuccess(T.auth.profileDoneInvite);
        setTimeout(() => window.location.assign(loginUrl), ACCEPTED_REDIRECT_MS);
        return "stay";
      }
      return leaveIfInviteUsed(form.fail(error, T.auth.profileFailed), loginUrl);
    },
  });

  return (
    <form ref={form.formRef} method="post" action={`/api/accept-invite/${encodeURIComponent(token)}`} onSubmit={submit} className="stack">
      <FormStatus error={form.formError} success={form.success} />
      <NicknameField {...form.text("nickname")} />
      <SubmitButton pending={form.pending} disabled={!!form.success} label={T.account.acceptInvite} busyLabel={T.account.accepting} />
    </form>
  );
}
