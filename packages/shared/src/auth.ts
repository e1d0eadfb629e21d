import { z } from 'zod';
import { AccountMessages, AuthMessages } from './messages.js';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './limits.js';

export const ROLES = ['user', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Password code points, so an emoji counts as one character as a person would count it. */
const passwordLength = (value: string) => Array.from(value).length;

const EmailSchema = z
  .string({ error: AuthMessages.emailAndPasswordRequired })
  .trim()
  .min(1, AuthMessages.emailAndPasswordRequired)
  .max(EMAIL_MAX_LENGTH, AuthMessages.emailTooLong)
  .pipe(z.email({ error: AuthMessages.invalidEmail }))
  .transform((email) => email.toLowerCase());

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: AuthMessages.emailAndPasswordRequired })
    .min(1, AuthMessages.emailAndPasswordRequired)
    .refine((p) => passwordLength(p) <= PASSWORD_MAX_LENGTH, AuthMessages.passwordTooLong),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/**
 * Control characters and the Unicode line and paragraph separators: a name is printed in email
 * and pages, where a line break in it would let its author write lines of the store's own text.
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;

const NameSchema = z
  .string({ error: AuthMessages.usernameRequired })
  .trim()
  .min(1, AuthMessages.usernameRequired)
  .max(NAME_MAX_LENGTH, AuthMessages.nameTooLong)
  .refine((name) => !CONTROL_CHARACTERS.test(name), AuthMessages.nameHasControlCharacters);

/** The rules of a new password, the same at registration, reset and change. */
export const NewPasswordSchema = z
  .string({ error: AuthMessages.emailAndPasswordRequired })
  .min(1, AuthMessages.emailAndPasswordRequired)
  .refine((p) => passwordLength(p) >= PASSWORD_MIN_LENGTH, AuthMessages.passwordTooShort)
  .refine((p) => passwordLength(p) <= PASSWORD_MAX_LENGTH, AuthMessages.passwordTooLong);

export const RegisterBodySchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
  role: RoleSchema.default('user'),
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
});
export type User = z.infer<typeof UserSchema>;

export const AuthUserResponseSchema = z.object({ user: UserSchema });
export type AuthUserResponse = z.infer<typeof AuthUserResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** `POST /api/auth/password-reset`: asks for a reset link by email. */
export const PasswordResetRequestBodySchema = z.object({ email: EmailSchema });
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBodySchema>;

/** The token from a reset link; anything else reads as a link that does not work. */
const ResetTokenSchema = z
  .string({ error: AccountMessages.resetLinkInvalid })
  .max(200, AccountMessages.resetLinkInvalid);

/** `POST /api/auth/password-reset/confirm`: the token from the link and the new password. */
export const PasswordResetConfirmBodySchema = z.object({
  token: ResetTokenSchema,
  password: NewPasswordSchema,
});
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBodySchema>;

/** `POST /api/auth/password-reset/check`: whether a link still works, without using it. */
export const PasswordResetCheckBodySchema = z.object({ token: ResetTokenSchema });
export type PasswordResetCheckBody = z.infer<typeof PasswordResetCheckBodySchema>;

/** The check's answer for a link that still works (one that does not is a 400). */
export const PasswordResetCheckResponseSchema = z.object({ usable: z.literal(true) });
export type PasswordResetCheckResponse = z.infer<typeof PasswordResetCheckResponseSchema>;

/** `PATCH /api/auth/me`: what the account page changes about the signed-in user. */
export const UpdateProfileBodySchema = z.object({ name: NameSchema });
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

/** `POST /api/auth/change-password`: the current password proves it is the owner. */
export const ChangePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: AccountMessages.currentPasswordRequired })
    .min(1, AccountMessages.currentPasswordRequired)
    .max(1024, AccountMessages.currentPasswordIncorrect),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;
