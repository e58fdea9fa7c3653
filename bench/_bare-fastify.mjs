// The bare Fastify of `npm run bench -- api`: answers each recorded GET with the very status,
// content type and bytes the shop gave, and nothing else. Usage: node _bare-fastify.mjs FILE PORT
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [file, port] = process.argv.slice(2);
const recorded = new Map(
  JSON.parse(readFileSync(file, 'utf8')).map((r) => [
    r.path,
    { ...r, body: Buffer.from(r.body, 'base64') },
  ]),
);
const app = Fastify({ logger: false });
app.get('/*', (req, reply) => {
  const r = recorded.get(req.url);
  if (!r) return reply.code(404).send();
  return reply.code(r.status).header('content-type', r.type).send(r.body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
