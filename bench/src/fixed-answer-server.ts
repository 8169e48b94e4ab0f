/**
 * A bare Fastify server that answers every GET / with the same bytes (the file given), as JSON: what answering
 * with an answer of that size costs on this machine when nothing else is done (no routing hooks, no token, no
 * query). server-bench.ts loads it with the list's own answer beside the constant route and the list.
 * Usage: node bench/src/fixed-answer-server.ts <port> <file>
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
if (!port || !file) throw new Error('usage: fixed-answer-server.ts <port> <file>');
const body = fs.readFileSync(file);
const app = Fastify();
app.get('/', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
