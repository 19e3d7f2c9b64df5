// Account input schemas: the same zod schema validates the API body and the
// island form, so both show the same messages.
import { z } from "./zod";
import type { accountUserSchema } from "./responses";
import { USER_TYPES } from "../enums";
import { LOCALES, PSEUDO_LOCALE } from "../i18n/locales";
import { T } from "../text";
import { textOf } from "./text";

const v = T.validation;

export const emailSchema = textOf(v.invalidEmail).trim().toLowerCase().pipe(z.email(v.invalidEmail).max(255, v.invalidEmail));

/** Nickname 2-30 characters ('must be less than 30' wording). */
export const nicknameSchema = textOf(v.nicknameMin, v.nicknameInvalid).trim().min(2, v.nicknameMin).max(30, v.nicknameMax);
/** The registration schema words the upper bound differently ('Nickname cannot exceed 30 characters'). */
export const registrationNicknameSchema = textOf(v.nicknameMin, v.nicknameInvalid).trim().min(2, v.nicknameMin).max(30, v.nicknameMaxRegister);

// argon2 hashes whatever it gets; the cap only stops absurd bodies.
const PASSWORD_MAX = 200;

/**
 * The one password rule, wherever a password is set (registration, invite acceptance, the
 * seed): the full rule, 8+ characters with an uppercase letter, a lowercase letter and
 * a number. The other, 6-character reading (invite sign-up) let six spaces through (docs/decisions/06-accounts.md).
 */
export const passwordSchema = z.string(v.passwordMin8)
  .min(8, v.passwordMin8)
  .max(PASSWORD_MAX, v.invalidRequest)
  .regex(/[A-Z]/, v.passwordUpper)
  .regex(/[a-z]/, v.passwordLower)
  .regex(/[0-9]/, v.passwordNumber);

/** POST /api/auth/login and the /auth sign-in form. */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string(v.passwordRequired).min(1, v.passwordRequired).max(PASSWORD_MAX, v.invalidRequest),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/auth/register/{token}: the full registration schema. */
export const registrationSchema = z.object({
  email: emailSchema,
  nickname: registrationNicknameSchema,
  password: passwordSchema,
});
export type RegistrationInput = z.infer<typeof registrationSchema>;

/** The /register/{token} form: registration plus a matching confirmation. */
export const registrationFormSchema = registrationSchema
  .extend({ confirmPassword: z.string(v.passwordsDontMatch) })
  .refine((d) => d.password === d.confirmPassword, { message: v.passwordsDontMatch, path: ["confirmPassword"] });

/** POST /api/auth/forgot and the /forgot form: the address to send a reset link to. */
export const forgotPasswordSchema = z.object({ email: emailSchema });

/** POST /api/auth/reset/{token} and the /reset/{token} form: a new password under the full rule, confirmed. */
export const resetPasswordSchema = z.object({
  password: passwordSchema,
  confirmPassword: z.string(v.passwordsDontMatch).max(PASSWORD_MAX, v.passwordsDontMatch),
}).refine((d) => d.password === d.confirmPassword, { message: v.passwordsDontMatch, path: ["confirmPassword"] });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** POST /api/auth/password and the account page's form: the current password, then a new one, confirmed. */
export const changePasswordSchema = z.object({
  currentPassword: z.string(T.password.currentRequired).min(1, T.password.currentRequired).max(PASSWORD_MAX, v.invalidRequest),
  newPassword: passwordSchema,
  confirmPassword: z.string(v.passwordsDontMatch).max(PASSWORD_MAX, v.passwordsDontMatch),
}).refine((d) => d.newPassword === d.confirmPassword, { message: v.passwordsDontMatch, path: ["confirmPassword"] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** POST /api/accept-invite/{token}: {nickname} on /invite, {nickname, email, password} on /auth. */
export const acceptInviteSchema = z.object({
  nickname: nicknameSchema.optional(),
  email: emailSchema.optional(),
  password: passwordSchema.optional(),
});
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;

/** The /auth?invite= account-creation form (all three fields required). */
export const inviteSignUpSchema = z.object({
  email: emailSchema,
  nickname: nicknameSchema,
  password: passwordSchema,
});

/** POST /api/complete-profile and /api/complete-profile-with-invite/{token}. */
export const profileSchema = z.object({ nickname: nicknameSchema });
export type ProfileInput = z.infer<typeof profileSchema>;

/** What a person's or an invitation's language may be: the five, and the development pseudo-locale. */
export const ACCOUNT_LOCALES = [...LOCALES, PSEUDO_LOCALE] as const;
export const accountLocaleSchema = z.enum(ACCOUNT_LOCALES, v.localeInvalid);
/** The same in production, where the pseudo-locale is refused (the column's CHECK allows it for development). */
export const productionLocaleSchema = accountLocaleSchema.refine((l) => l !== PSEUDO_LOCALE, v.localeInvalid);

/** POST /api/auth/preferences and the account page's language form. */
export const preferencesSchema = z.object({ locale: accountLocaleSchema });
export const productionPreferencesSchema = z.object({ locale: productionLocaleSchema });
export type PreferencesInput = z.infer<typeof preferencesSchema>;

const optionalText = (max: number, charsMessage: string, opts: { multiLine?: boolean } = {}) =>
  textOf(v.invalidRequest, charsMessage, opts).trim().max(max, v.invalidRequest).nullish().transform((s) => s || null);

/**
 * POST /api/invites and the Invite New User dialog. A booster invite needs a booster ID
 * and at least one game.
 */
export const inviteSchema = z.object({
  email: emailSchema,
  userType: z.enum(USER_TYPES, v.invalidRequest),
  boosterUserId: optionalText(50, v.boosterIdInvalid),
  gameIds: z.array(z.number().int().positive(v.gameRequired)).max(100, v.invalidRequest).default([]),
  message: optionalText(1000, v.messageInvalid, { multiLine: true }),
  /** The invitation mail's and the new account's language; without it, the inviter's page language. */
  locale: accountLocaleSchema.optional(),
}).superRefine((d, ctx) => {
  // One issue per missing field (the form shows each under its own field); the API answers the first.
  if (d.userType !== "booster") return;
  if (!d.boosterUserId) ctx.addIssue({ code: "custom", message: v.boosterInviteNeeds, path: ["boosterUserId"] });
  if (d.gameIds.length === 0) ctx.addIssue({ code: "custom", message: v.boosterInviteNeeds, path: ["gameIds"] });
});
export type InviteInput = z.input<typeof inviteSchema>;
export type Invite = z.output<typeof inviteSchema>;

/** Invite tokens as they appear in links (base64url); anything else cannot be an invite. */
export const inviteTokenSchema = textOf(T.invite.invalidOrExpired).min(1, T.invite.invalidOrExpired).max(128, T.invite.invalidOrExpired);

/** Password reset tokens as they appear in links; anything else cannot be one. */
export const resetTokenSchema = textOf(T.password.invalidOrExpired).min(1, T.password.invalidOrExpired).max(128, T.password.invalidOrExpired);

/** The signed-in person as GET /api/auth/user and the sign-in calls answer it. */
export type AccountUser = z.infer<typeof accountUserSchema>;
