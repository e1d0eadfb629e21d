// Runs commands at the same time and prints each one's output whole when it ends, so their
// summaries stay readable and on lines of their own; exits non-zero when any of them failed.
// `.ci/run` runs lint beside typecheck this way: each keeps one core busy (decision 044).
//
//   node scripts/side-by-side.mjs "<command>" "<command>" …
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/side-by-side.mjs "<command>" …');
  process.exit(2);
}

/** Runs `command` in a shell; resolves to its exit code once its output is printed. */
function run(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      process.stdout.write(`\n> ${command}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const codes = await Promise.all(commands.map(run));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
