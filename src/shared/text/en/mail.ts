// Mail (docs/decisions/32-mail-delivery.md): the parts every mail shares. Each kind of mail
// keeps its own words in its area's module. Our own wording.

export const mailText = {
  mail: {
    /** The line under every mail's button, for clients that hide buttons. */
    linkFallback: "If the button does not work, copy this link into your browser:",
    /** Every mail's last line. */
    signature: "Runboard",
    /** Production without SMTP_URL: what the mail features say instead of pretending to send. */
    unavailable: "Email is not set up on this site.",
    // Operator-facing log lines (never an address: the row's id and purpose only).
    failed: "mail failed",
    sendUnconfirmed: "mail send outcome unknown (worker stopped mid-send); not sent again",
  },
  /** The staff console's mail section (Activity tab) and the development mailbox (/dev/mail). */
  mailStatus: {
    heading: "Mail",
    counts: "{waiting, plural, one {# mail} other {# mails}} waiting to be sent, {failed, plural, one {# mail} other {# mails}} failed.",
    failedHeading: "Failed mails, newest first",
    colAt: "Failed at",
    colPurpose: "Mail",
    colError: "Error",
    colAttempts: "Attempts",
    note: "Addresses are not kept once a mail is sent or has failed. Failed mails are removed after 30 days.",
    /** One per MailPurpose (src/mail/message.ts; the staff view checks that every purpose has its name). */
    purposes: {
      invitation: "Invitation",
      "password-reset": "Password reset",
      "alert-confirm": "Alert confirmation",
      "alert-spot": "Spot alert",
      "alert-new-runs": "New runs digest",
      "alert-reminder": "Run reminder",
    },
  },
  devMail: {
    heading: "Development mailbox",
    intro: "Mail this development server sent, written as .eml files to {dir}. Newest first. This page does not exist in production.",
    empty: "No mail yet.",
    colAt: "Written",
    colTo: "To",
    colSubject: "Subject",
    back: "All mail",
    viewHtml: "View the HTML part",
    download: "Download the .eml file",
    textPart: "Plain-text part",
    headers: "Headers",
    notFound: "No such mail.",
  },
} as const;
