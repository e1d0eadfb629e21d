import { AuthMessages, LoginBodySchema, RegisterBodySchema } from '@bindery/shared';
import type { FieldPath } from 'react-hook-form';
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

export type LoginFormValues = z.input<typeof RegisterFormSchema>;

/** One message at a time, in the order the specification checks them. */
export const MESSAGE_ORDER: FieldPath<LoginFormValues>[] = [
  'email',
  'password',
  'name',
  'confirmPassword',
];

export const EMPTY_FORM: LoginFormValues = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
};
