import { Island } from "../island";
import { T } from "../../shared/text";
import type { Viewer } from "../../shared/types";
import { AccountScreen } from "./AccountCard";

/** /register/{token}: full registration (email read-only, nickname, password and its confirmation). */
export function RegisterPage({ viewer, token, email, boosterId, error, nickname = "", loginUrl }: {
  viewer: Viewer | null; token: string; email: string; boosterId: string | null; error: string | null; nickname?: string; loginUrl: string;
}) {
  return (
    <AccountScreen viewer={viewer} title={T.account.createAccountTitle} intro={T.account.createAccountIntro}>
      <Island name="RegisterForm" props={{ mode: "register", token, email, boosterId, error, nickname, loginUrl }} />
    </AccountScreen>
  );
}
