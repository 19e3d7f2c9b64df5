import { Island } from "../island";
import { T } from "../../shared/text";
import type { Viewer } from "../../shared/types";
import { AccountScreen } from "./AccountCard";

/** /complete-profile and /welcome?token=: a pending user picks a gaming nickname. */
export function ProfilePage({ viewer, token, error, nickname = "" }: { viewer: Viewer; token: string | null; error: string | null; nickname?: string }) {
  return (
    <AccountScreen viewer={viewer} title={T.account.completeProfileTitle} intro={T.account.completeProfileIntro} toaster>
      <p className="muted">
        {T.account.joiningAs({ role: T.labels.role[viewer.role] })}
        {viewer.boosterId ? ` ${T.app.boosterIdLine({ id: viewer.boosterId })}` : ""}
      </p>
      {error ? <p role="alert" className="field__error form-status form-status--error">{error}</p> : null}
      <Island name="ProfileForm" props={{ token, nickname }} />
    </AccountScreen>
  );
}
