// The reference server: node:http answering a fixed JSON body, the ceiling any framework is compared with.
import http from 'node:http';

const body = JSON.stringify({ status: 'ok', message: 'hello from node:http' });
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  })
  .listen(Number(process.argv[2]), '127.0.0.1');
