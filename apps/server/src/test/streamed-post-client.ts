/**
 * A client in its own process, as a browser or another program is: it POSTs a large body,
 * produced as the connection takes it, with Node's fetch, `tries` times one after the other, and
 * prints what each got as one JSON line: the status, the Connection header and the JSON body, or
 * the network error fetch reported instead. (Within the test's own process the server and the
 * client share one event loop, which hides the resets a separate client sees.)
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface StreamedPost {
  url: string;
  headers: Record<string, string>;
  /** The body's first bytes; filler follows up to `bytes`. */
  start: string;
  bytes: number;
  tries: number;
}

export type StreamedPostResult =
  { status: number; connection: string | null; body: unknown } | { error: string };

/** Runs the client process and returns what each of its tries got. */
export function postFromAnotherProcess(post: StreamedPost): Promise<StreamedPostResult[]> {
  const script = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(post)]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => {
      if (status !== 0) reject(new Error(`client exited ${status}: ${stderr}`));
      else resolve(JSON.parse(stdout) as StreamedPostResult[]);
    });
  });
}

function streamedBody(start: string, totalBytes: number): ReadableStream<Uint8Array> {
  const filler = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) {
        controller.enqueue(new TextEncoder().encode(start));
        sent = start.length;
      } else if (sent >= totalBytes) controller.close();
      else {
        controller.enqueue(filler.slice());
        sent += filler.length;
      }
    },
  });
}

async function postOnce(post: StreamedPost): Promise<StreamedPostResult> {
  try {
    const response = await fetch(post.url, {
      method: 'POST',
      headers: post.headers,
      body: streamedBody(post.start, post.bytes),
      duplex: 'half',
    } as RequestInit);
    return {
      status: response.status,
      connection: response.headers.get('connection'),
      body: await response.json(),
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { error: `${(error as Error).message} (${cause?.code ?? 'no code'})` };
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const post = JSON.parse(process.argv[2]!) as StreamedPost;
  const results: StreamedPostResult[] = [];
  for (let i = 0; i < post.tries; i += 1) results.push(await postOnce(post));
  process.stdout.write(JSON.stringify(results));
}
