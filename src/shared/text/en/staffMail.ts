// Mails staff used to copy by hand (invitations, password reset links), forgot password, and
// what the staff dialogs say about sending them (docs/decisions/33-staff-mails-and-forgot-password.md).
// Our own wording.

export const staffMailText = {
  staffMail: {
    /** What Runboard is, in every staff mail, for a reader who has never heard of it. */
    whatIsRunboard: "Runboard is where Blazing Boost schedules its boost runs: staff and boosters plan runs there, and customers find them on its public calendars and book through the store.",
    /** "Fri 2026-12-04 · 15:43 UTC": instants in mails are in UTC (the reader's zone is unknown). */
    until: "{day} · {time} UTC",

    inviteSubject: "You're invited to join Runboard as {type, select, owner {an owner} administrator {an administrator} other {a booster}}",
    inviteIntro: "{sender, select, owner {The owner} administrator {An administrator} other {A booster}} of Runboard has invited you to join as {type, select, owner {an owner} administrator {an administrator} other {a booster}}.",
    inviteMessage: "Their message: “{message}”",
    inviteAction: "Accept the invitation",
    inviteExpires: "The link works until {until}. After that, ask for a new one.",
    inviteFooter: "You get this mail because staff at Runboard entered your address. If you did not expect it, ignore it: no account is made unless you open the link.",

    resetSubject: "Set a new Runboard password",
    resetByStaff: "{sender, select, owner {The owner} administrator {An administrator} other {A booster}} of Runboard has made a link for you to set a new password for your account ({email}).",
    resetByRequest: "Someone, probably you, asked to reset the password of the Runboard account {email}.",
    resetAction: "Set a new password",
    resetExpires: "The link works once, until {until}. Using it signs you out everywhere.",
    resetIgnore: "If you did not ask for this, ignore this mail: your password stays as it is.",

    /** The staff dialogs, after creating or re-issuing an invitation or making a reset link. */
    inviteEmailed: "Invitation emailed to {email}. You can also copy the link below.",
    resetEmailed: "Reset link emailed to {email}. You can also copy the link below.",
    notEmailed: "Email is not set up on this site, so this link was not emailed. Copy it and send it yourself.",

    /** /auth and /login. */
    forgotLink: "Forgot your password?",
    forgotByStaff: "Forgot your password? Ask an administrator for a reset link: email is not set up on this site.",
    /** /forgot. */
    forgotTitle: "Forgot Password",
    forgotIntro: "Enter the email address of your account. If it belongs to an active account, we will email it a link to set a new password.",
    forgotSubmit: "Email Me a Reset Link",
    /** The one answer, whatever the address (the API's 202 and the page after a form post). */
    forgotSentTitle: "Check Your Email",
    forgotSent: "If that address belongs to an active account, a link to set a new password is on its way. It works for 1 hour. Nothing arrived? Check your spam folder, or ask an administrator.",
    /** 503 from POST /api/auth/forgot and the /forgot page while mail is unavailable. */
    forgotUnavailable: "Email is not set up on this site, so a reset link cannot be sent. Ask an administrator for one.",
    backToSignIn: "Back to sign in",
  },
} as const;
