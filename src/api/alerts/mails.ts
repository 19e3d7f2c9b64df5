// The alert mails, from the catalogue: the confirmation (the only mail an unconfirmed address
// gets), and the alerts themselves, each with RFC 8058 one-click unsubscribe and the manage link.
import { composeMail } from "../../mail/compose";
import type { MailMessage, MailPurpose } from "../../mail/message";
import { T } from "../../shared/text";

const M = T.alerts.mail;

export const confirmUrl = (origin: string, token: string) => `${origin}/alerts/confirm/${token}`;
export const unsubscribeUrl = (origin: string, token: string) => `${origin}/alerts/unsubscribe/${token}`;
export const manageUrl = (origin: string, token: string) => `${origin}/alerts/manage/${token}`;

/** The confirmation: what was asked for, and the link that makes it live (48 h). */
export function confirmationMail(origin: string, to: string, token: string, asked: readonly string[]): MailMessage {
  return composeMail({
    purpose: "alert-confirm", to, subject: M.confirmSubject,
    paragraphs: [M.confirmIntro, ...asked.map((a) => `• ${a}`)],
    action: { label: M.confirmAction, url: confirmUrl(origin, token) },
    footer: [M.confirmIgnore],
  });
}

export type AlertMailContent = {
  purpose: Exclude<MailPurpose, "alert-confirm" | "invitation" | "password-reset">;
  subject: string;
  paragraphs: readonly string[];
  action: { label: string; url: string };
};

/**
 * An alert mail to one address, with its own token (`token`, a `mail` token of this alert):
 * the List-Unsubscribe header a mail client's button POSTs to, and both links in the footer.
 */
export function alertMail(origin: string, to: string, token: string, c: AlertMailContent): MailMessage {
  const stop = unsubscribeUrl(origin, token);
  return composeMail({
    ...c, to,
    footer: [M.why, M.unsubscribe({ url: stop }), M.manage({ url: manageUrl(origin, token) })],
    headers: { "List-Unsubscribe": `<${stop}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}
