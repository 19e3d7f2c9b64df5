import { api, errorMessage } from "../runtime/api";
import { FormStatus, NicknameField, SubmitButton } from "../components/Field";
import { useSchemaForm } from "../components/schemaForm";
import { useToast } from "../components/toast";
import { dashboardFor } from "../../src/domain/access";
import { profileSchema } from "../../src/shared/schemas/auth";
import { T } from "../../src/shared/text";

/** 1.5 s between the success message and the dashboard. */
export const PROFILE_REDIRECT_MS = 1500;

/**
 * /complete-profile and /welcome?token=: a pending user picks a gaming nickname, then goes
 * to /admin (staff) or /dashboard (boosters).
 */
export default function ProfileForm({ token = null, nickname = "" }: {
  token?: string | null;
  /** Kept from a failed no-JavaScript post. */
  nickname?: string;
}) {
  const toast = useToast();
  const form = useSchemaForm({ nickname });

  // A failure toasts 'Error: Failed to complete profile', or the server's message.
  const failed = (message: string) =>
    toast(message ? { title: T.toast.error, description: message, variant: "destructive" } : { title: T.auth.profileFailed, variant: "destructive" });

  const submit = form.onSubmit({
    parse: (values) => profileSchema.safeParse(values),
    send: async (body) => {
      try {
        const { data, error } = token
          ? await api.api["complete-profile-with-invite"]({ token }).post(body)
          : await api.api["complete-profile"].post(body);
        if (data && typeof data === "object" && "user" in data) {
          const user = data.user;
          form.setSuccess(token ? T.auth.profileDoneWelcome : T.auth.profileDone);
          setTimeout(() => window.location.assign(dashboardFor(user)), PROFILE_REDIRECT_MS);
          return "stay";
        }
        failed(errorMessage(error, ""));
      } catch {
        failed("");
      }
    },
  });

  const action = token ? `/api/complete-profile-with-invite/${encodeURIComponent(token)}` : "/api/complete-profile";
  return (
    <form ref={form.formRef} method="post" action={action} onSubmit={submit} className="stack">
      <FormStatus success={form.success} />
      <NicknameField {...form.text("nickname")} />
      <SubmitButton pending={form.pending} disabled={!!form.success} label={T.account.completeProfile} busyLabel={T.account.saving} />
    </form>
  );
}
