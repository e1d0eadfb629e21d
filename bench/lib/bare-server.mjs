// The baseline: a bare node:http server, in a process of its own as the store is, that answers
// each recorded path with exactly the response the store sent for it (the same status, headers
// and body, so the client reads the same bytes) and does nothing else. Started by bare.mjs,
// which sends the answers over IPC.
import http from 'node:http';

/** Headers node:http writes itself on every answer (and frames the body by). */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The store's headers as a flat [name, value, …] list, without those node:http adds. */
function storeHeaders(rawHeaders) {
  const headers = [];
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (OWN_HEADERS.has(rawHeaders[index].toLowerCase())) continue;
    headers.push(rawHeaders[index], rawHeaders[index + 1]);
  }
  return headers;
}

process.once('message', ({ answers }) => {
  const byPath = new Map(
    answers.map(({ path, status, rawHeaders, body }) => [
      path,
      // Framed as the store framed it: a length when it sent one, chunks otherwise.
      { status, headers: storeHeaders(rawHeaders), body: Buffer.from(body) },
    ]),
  );
  const server = http.createServer((request, response) => {
    const answer = byPath.get(request.url);
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('disconnect', () => process.exit(0));
});
