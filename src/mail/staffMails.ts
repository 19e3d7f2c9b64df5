// The mails that carry an invitation or a password reset link. Words from the text catalogue
// in the recipient's language (the invitation's, or the account's), links on PUBLIC_ORIGIN;
// the link is the only secret a mail holds (docs/decisions/33).
import type { Role, UserType } from "../shared/enums";
import { T, locale } from "../shared/text";
import { inLocale, speakable } from "../http/locale";
import { composeMail } from "./compose";
import type { MailMessage } from "./message";

const M = T.staffMail;

/** 'Fri 2026-12-04 · 15:43 UTC' ('Fr. 2026-12-04 …' in German): the reader's zone is unknown, so mails say UTC. */
export function mailInstant(at: Date): string {
  const iso = at.toISOString();
  const lang = locale();
  const weekday = new Intl.DateTimeFormat(lang === "en" ? "en-GB" : lang, { weekday: "short", timeZone: "UTC" }).format(at);
  return M.until({ day: `${weekday} ${iso.slice(0, 10)}`, time: iso.slice(11, 16) });
}

export const inviteUrl = (origin: string, token: string) => `${origin}/invite/${token}`;
export const resetUrl = (origin: string, token: string) => `${origin}/reset/${token}`;

/** `locale`: the invitation's (the inviter's page language when it was made). */
export function invitationMail(o: {
  origin: string; to: string; token: string; expiresAt: Date; sender: Role; userType: UserType; message?: string | null; locale: string;
}): MailMessage {
  return inLocale(speakable(o.locale), () => composeMail({
    purpose: "invitation", to: o.to, subject: M.inviteSubject({ type: o.userType }),
    paragraphs: [
      M.inviteIntro({ sender: o.sender, type: o.userType }),
      M.whatIsRunboard,
      ...(o.message?.trim() ? [M.inviteMessage({ message: o.message.trim() })] : []),
      M.inviteExpires({ until: mailInstant(o.expiresAt) }),
    ],
    action: { label: M.inviteAction, url: inviteUrl(o.origin, o.token) },
    footer: [M.inviteFooter],
  }));
}

/** A reset link made by staff (`sender` is their role) or asked for on /forgot (`sender` null); `locale`: the account's. */
export function resetMail(o: { origin: string; to: string; token: string; expiresAt: Date; sender: Role | null; locale: string }): MailMessage {
  return inLocale(speakable(o.locale), () => composeMail({
    purpose: "password-reset", to: o.to, subject: M.resetSubject,
    paragraphs: [
      o.sender ? M.resetByStaff({ sender: o.sender, email: o.to }) : M.resetByRequest({ email: o.to }),
      M.resetExpires({ until: mailInstant(o.expiresAt) }),
    ],
    action: { label: M.resetAction, url: resetUrl(o.origin, o.token) },
    footer: [M.resetIgnore, M.whatIsRunboard],
  }));
}
