// One shape for every mail: a few paragraphs, at most one button, the link again in plain
// text, and optional small print. The HTML part is escaped here, so builders pass plain text.
import { escapeHtml } from "../render/meta";
import { T } from "../shared/text";
import type { MailMessage, MailPurpose } from "./message";

export type MailContent = {
  purpose: MailPurpose;
  to: string;
  subject: string;
  /** Plain-text paragraphs, in order. */
  paragraphs: readonly string[];
  /** The one thing to do, as a button (HTML) and a line with the link (text). */
  action?: { label: string; url: string };
  /** Small print under the action (why the mail came, how to stop it). */
  footer?: readonly string[];
  headers?: Record<string, string>;
};

export function composeMail(c: MailContent): MailMessage {
  const text = [
    ...c.paragraphs,
    ...(c.action ? [`${c.action.label}: ${c.action.url}`] : []),
    ...(c.footer ?? []),
    `— ${T.mail.signature}`,
  ].join("\n\n");
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const action = c.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(c.action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(c.action.label)}</a></p>`
      + `<p style="margin:0 0 16px;font-size:13px;color:#4b5563">${escapeHtml(T.mail.linkFallback)}<br><a href="${escapeHtml(c.action.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(c.action.url)}</a></p>`
    : "";
  const footer = (c.footer ?? []).map((f) => `<p style="margin:0 0 8px;font-size:12px;color:#6b7280">${escapeHtml(f)}</p>`).join("");
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(c.subject)}</title></head>`
    + `<body style="margin:0;padding:24px;background:#f3f4f6;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111827;font-size:15px;line-height:1.5">`
    + `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">${c.paragraphs.map(p).join("")}${action}${footer}`
    + `<p style="margin:16px 0 0;color:#6b7280">— ${escapeHtml(T.mail.signature)}</p></div></body></html>`;
  return { purpose: c.purpose, to: c.to, subject: c.subject, text, html, headers: c.headers };
}
