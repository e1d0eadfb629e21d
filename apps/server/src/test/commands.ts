import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

const TIMEOUT_MS = 90_000;

/**
 * Runs one of the maintenance commands (src/cli/<name>.ts) as its own process, as `npm run`
 * would, with only the given settings: no database URL, bucket or tool paths inherited.
 */
export function runCommand(
  name: 'backup' | 'restore' | 'copy-to-postgres',
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const script = fileURLToPath(new URL(`../cli/${name}.ts`, import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        S3_BUCKET: '',
        PG_DUMP: '',
        PG_RESTORE: '',
        INIT_CWD: '',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
