import { z } from 'zod';

/** The body of every error response: a message a person can read, a code, and field errors. */
export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
