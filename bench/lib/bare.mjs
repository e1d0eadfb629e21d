// Starts and stops the bare baseline server (bare-server.mjs) with a set of recorded answers.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));

/**
 * A bare node:http server answering every `{ path, status, rawHeaders, body }` of `answers` with
 * that status, those headers and that body; resolves with its base URL and a `stop()` that waits
 * until the process is gone.
 */
export async function startBare(answers) {
  const child = fork(SERVER, [], { serialization: 'advanced', stdio: 'inherit' });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const port = await new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    child.send({ answers });
  });
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      child.disconnect();
      await exited;
    },
  };
}
