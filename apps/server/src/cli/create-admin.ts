import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { RegisterBodySchema } from '@bindery/shared';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirLockedError, openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { createAuthRepo } from '../features/auth/auth.repo.js';
import { createAuthService } from '../features/auth/index.js';

const USAGE =
  'Usage: npm run create-admin -- --email admin@example.com --name "Ada" [--password secret]';

/** Reads a password from the terminal without echoing it, or one line from piped input. */
async function promptPassword(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      if (process.stdin.isTTY) process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
  });
  if (!values.email || !values.name) {
    console.error(USAGE);
    process.exit(2);
  }
  const password = values.password ?? (await promptPassword('Password (8-128 characters): '));
  const parsed = RegisterBodySchema.safeParse({ name: values.name, email: values.email, password });
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => issue.message).join('\n'));
    process.exit(2);
  }
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrate(database);
    const auth = createAuthService(createAuthRepo(database.db), config.auth);
    const outcome = await auth.upsertAdmin(parsed.data);
    console.log(`Admin ${parsed.data.email} ${outcome}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
