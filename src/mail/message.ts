// What a mail is, before it is queued: built by the services that send mail (invitations,
// password resets, alerts) from the text catalogue, with links from PUBLIC_ORIGIN.

/** Why a mail is sent: the outbox's `purpose`, the metrics' label and the staff view's column. */
export type MailPurpose =
  | "invitation"
  | "password-reset"
  | "alert-confirm"
  | "alert-spot"
  | "alert-new-runs"
  | "alert-reminder";

export type MailMessage = {
  purpose: MailPurpose;
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part (escaped by its builder). */
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post on alert mails. */
  headers?: Record<string, string>;
};
