import type { FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import type { RegisterFormSchema } from './login-form-schema';

// What the sign-in page itself needs of the form: no Zod (its rules come later).

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
