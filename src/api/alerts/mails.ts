// The alert mails, from the catalogue: the confirmation (the only mail an unconfirmed address
// gets), and the alerts themselves, each with RFC 8058 one-click unsubscribe and the manage link.
// Each is written in the language its alert was made in, and its links lead to pages in it.
import { composeMail } from "../../mail/compose";
import type { MailMessage, MailPurpose } from "../../mail/message";
import { T } from "../../shared/text";
import { prefixOf } from "../../shared/i18n/locales";
import { inLocale, speakable } from "../../http/locale";

const M = T.alerts.mail;

/** The site's address in a locale: the origin and the locale's prefix ('' for English). */
export const siteIn = (origin: string, locale: string) => `${origin}${prefixOf(speakable(locale))}`;

export const confirmUrl = (site: string, token: string) => `${site}/alerts/confirm/${token}`;
export const unsubscribeUrl = (site: string, token: string) => `${site}/alerts/unsubscribe/${token}`;
export const manageUrl = (site: string, token: string) => `${site}/alerts/manage/${token}`;

/** The confirmation: what was asked for (`asked`, read in the mail's language), and the link that makes it live (48 h). */
export function confirmationMail(origin: string, to: string, token: string, locale: string, asked: () => readonly string[]): MailMessage {
  return inLocale(speakable(locale), () => composeMail({
    purpose: "alert-confirm", to, subject: M.confirmSubject,
    paragraphs: [M.confirmIntro, ...asked().map((a) => `• ${a}`)],
    action: { label: M.confirmAction, url: confirmUrl(siteIn(origin, locale), token) },
    footer: [M.confirmIgnore],
  }));
}

export type AlertMailContent = {
  purpose: Exclude<MailPurpose, "alert-confirm" | "invitation" | "password-reset">;
  subject: string;
  paragraphs: readonly string[];
  action: { label: string; url: string };
};

/**
 * An alert mail to one address in the alert's `locale`, with its own token (`token`, a `mail`
 * token of this alert): the List-Unsubscribe header a mail client's button POSTs to, and both
 * links in the footer. `content` is written in that language, given the site's address in it.
 */
export function alertMail(origin: string, to: string, token: string, locale: string, content: (site: string) => AlertMailContent): MailMessage {
  const site = siteIn(origin, locale);
  const stop = unsubscribeUrl(site, token);
  return inLocale(speakable(locale), () => composeMail({
    ...content(site), to,
    footer: [M.why, M.unsubscribe({ url: stop }), M.manage({ url: manageUrl(site, token) })],
    headers: { "List-Unsubscribe": `<${stop}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  }));
}
