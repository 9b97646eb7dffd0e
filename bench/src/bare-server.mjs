// The reference server: node:http answering a fixed JSON body, the ceiling any framework is compared with;
// with a file as second argument, GET /same-bytes answers that file (a large API answer, byte for byte), the
// ceiling for an answer of that size on this machine.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const body = JSON.stringify({ status: 'ok', message: 'hello from node:http' });
const sameBytes = process.argv[3] ? readFileSync(process.argv[3]) : undefined;
http
  .createServer((req, res) => {
    const answer = sameBytes && req.url === '/same-bytes' ? sameBytes : body;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
    res.end(answer);
  })
  .listen(Number(process.argv[2]), '127.0.0.1');
