// The baseline: a bare node:http server, in a process of its own as the store is, that answers
// each recorded path with exactly the bytes the store sent for it (same status, content-type and
// length) and does nothing else. Started by bare.mjs, which sends the answers over IPC.
import http from 'node:http';

process.once('message', ({ answers }) => {
  const byPath = new Map(
    answers.map(({ path, status, contentType, contentLength, body }) => [
      path,
      {
        status,
        // Framed as the store framed it: a length when it sent one, chunks otherwise.
        headers: {
          'content-type': contentType,
          ...(contentLength === undefined ? {} : { 'content-length': body.length }),
        },
        body: Buffer.from(body),
      },
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
