// The machine's ceiling for one Fastify process: hello world, no hooks, no database.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

// The booking rush's floor (bench/src/scenarios/storm.ts): the same burst of connections and
// bodies, answered without auth or database — the first request for a slot wins (201), the rest
// lose (409). What the machine and the load generator alone cost for 2,000 connections at once.
const taken = new Set();
app.post('/api/appointment/booking', async (request, reply) => {
  const { timeslotId } = request.body;
  if (taken.has(timeslotId)) return reply.code(409).send({ message: 'taken', code: 'SLOT_TAKEN' });
  taken.add(timeslotId);
  return reply.code(201).send({ appointment: { timeslot_id: timeslotId } });
});
// The same backlog as the product's server (apps/server/src/main.ts): a burst is queued, not dropped.
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1', backlog: 4096 });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
