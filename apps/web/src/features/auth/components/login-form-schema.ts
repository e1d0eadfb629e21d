// The form's rules: the server's own schemas, with Zod. Loaded when the visitor first reaches
// the form (use-login-form.ts), not with the sign-in page, whose first scripts stay small.
import { AuthMessages, LoginBodySchema, RegisterBodySchema } from '@bindery/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

// Both modes share one set of fields; only the rules differ.
export const SignInFormSchema = z.object({
  name: z.string(),
  email: LoginBodySchema.shape.email,
  password: LoginBodySchema.shape.password,
  confirmPassword: z.string(),
});

export const RegisterFormSchema = z
  .object({
    name: RegisterBodySchema.shape.name,
    email: RegisterBodySchema.shape.email,
    password: RegisterBodySchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: AuthMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** The resolver of each mode's rules. */
export const resolvers = {
  'sign-in': zodResolver(SignInFormSchema),
  register: zodResolver(RegisterFormSchema),
};
