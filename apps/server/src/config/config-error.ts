import type { z } from 'zod';

/** Bad settings, one line per problem, so the store refuses to start and says why. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** One line per bad variable, naming it and what it held. */
export function problemsOf(error: z.ZodError, env: NodeJS.ProcessEnv): string[] {
  return error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    return `${name}: ${issue.message} (got ${JSON.stringify(env[name] ?? '')})`;
  });
}
