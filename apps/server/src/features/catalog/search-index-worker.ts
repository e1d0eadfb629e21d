// The search index's thread (decision 041, the sixth pass): it answers the keeper's messages in
// the order they come, from one index host. Started by search-index-thread.ts.
import { parentPort } from 'node:worker_threads';
import { createIndexHost } from './search-index-host.js';
import type { ThreadRequest, ThreadReply } from './search-index-thread.js';

const host = createIndexHost();
const port = parentPort!;

function answer(id: number, work: () => unknown) {
  let reply: ThreadReply;
  try {
    reply = { id, result: work() };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
}

port.on('message', (request: ThreadRequest) => {
  switch (request.kind) {
    case 'add':
      host.add(request.build, request.products);
      break;
    case 'abandon':
      host.abandon(request.build);
      break;
    case 'finish':
      answer(request.id, () => host.finish(request.build));
      break;
    case 'search':
      answer(request.id, () => host.search(request.search));
      break;
  }
});
