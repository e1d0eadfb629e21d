// Set-up file of both vitest projects: passwords hashed at a test cost (password.ts), so the
// thousands of sign-ups and sign-ins of the suite do not each spend argon2's real 19 MiB and two
// passes. The test of the stored hash's parameters switches back to the real cost for itself;
// the store processes tests start (server-process.ts) load main.ts alone, at the real cost.
import { useTestPasswordCost } from '../features/auth/password.js';

useTestPasswordCost(true);
