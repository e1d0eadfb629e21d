import { z } from 'zod';
import { AuthMessages } from './messages.js';
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

export const RegisterBodySchema = z.object({
  name: z
    .string({ error: AuthMessages.usernameRequired })
    .trim()
    .min(1, AuthMessages.usernameRequired)
    .max(NAME_MAX_LENGTH, AuthMessages.nameTooLong),
  email: EmailSchema,
  password: z
    .string({ error: AuthMessages.emailAndPasswordRequired })
    .min(1, AuthMessages.emailAndPasswordRequired)
    .refine((p) => passwordLength(p) >= PASSWORD_MIN_LENGTH, AuthMessages.passwordTooShort)
    .refine((p) => passwordLength(p) <= PASSWORD_MAX_LENGTH, AuthMessages.passwordTooLong),
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
