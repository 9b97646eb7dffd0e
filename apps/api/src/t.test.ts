import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from './lib/mongo';
const timed = async (label: string, run: () => Promise<unknown>) => {
  const t = Date.now();
  try {
    await run();
    console.log(label, 'ok', Date.now() - t);
  } catch (e) {
    console.log(label, (e as Error).constructor.name, (e as Error).message.slice(0, 100), Date.now() - t);
  }
};
it('csot', async () => {
  const m = await startEmbeddedMongo();
  const client = new MongoClient(m.uri, {
    timeoutMS: 3000,
    serverSelectionTimeoutMS: 2000,
    w: 'majority',
    journal: true,
    retryWrites: true,
    retryReads: true,
    maxPoolSize: 50,
  });
  await client.connect();
  const c = client.db('x').collection('books');
  await c.insertOne({ a: 1 });
  await timed('read', () => c.findOne({}));
  process.kill(m.pid, 'SIGSTOP');
  await timed('stopped read', () => c.findOne({}));
  await timed('stopped write', () => c.updateOne({}, { $inc: { a: 1 } }));
  await timed('stopped ping 1s', () => client.db('x').command({ ping: 1 }, { timeoutMS: 1000 }));
  await Promise.all(Array.from({ length: 60 }, (_, i) => timed('many ' + i, () => c.findOne({}))));
  process.kill(m.pid, 'SIGCONT');
  await timed('after cont read', () => c.findOne({}));
  await timed('after cont write', () => c.updateOne({}, { $inc: { a: 1 } }));
  console.log(await c.findOne({}));
  // cursor lifetime
  await c.insertMany(Array.from({ length: 1000 }, (_, i) => ({ i })));
  await timed('slow cursor', async () => {
    for await (const _ of c.find({}, { batchSize: 100 })) await new Promise((r) => setTimeout(r, 5));
  });
  await timed('slow cursor iteration', async () => {
    for await (const _ of c.find({}, { batchSize: 100, timeoutMode: 'iteration' })) await new Promise((r) => setTimeout(r, 5));
  });
  await client.close();
  await m.stop();
}, 120000);
