// A used invite sends the person to login after 1 s (the invite and register forms).
import { T } from "../../src/shared/text";
import type { Sent } from "./schemaForm";

export const USED_INVITE_REDIRECT_MS = 1000;

/** After the form shows `message`: when it says the invite is used, go to login and stay pending. */
export function leaveIfInviteUsed(message: string, loginUrl: string): Sent {
  if (message !== T.invite.alreadyUsed) return undefined;
  setTimeout(() => window.location.assign(loginUrl), USED_INVITE_REDIRECT_MS);
  return "stay";
}
