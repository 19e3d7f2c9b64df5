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
} as const;
