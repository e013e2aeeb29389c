// The harness's baseline (scripts/bench/http/processes.ts starts it): the smallest Fastify +
// node-postgres server that answers a page. No auth, no validation, no service layer: what the
// console's API is compared with. Fastify and pg are resolved from the api package.
//   GET /page  runs ONE statement (the page's heaviest) and answers its rows as JSON;
//   GET /all   runs all of the page's statements at the same time and answers their rows.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../../api/package.json', import.meta.url));
const Fastify = require('fastify');
const pg = require('pg');

const statements = JSON.parse(process.env.BARE_STATEMENTS ?? '[]');
const heaviest = statements[Number(process.env.BARE_HEAVIEST ?? 0)];
const pool = new pg.Pool({
  connectionString: process.env.BARE_DATABASE_URL,
  max: Number(process.env.BARE_POOL_SIZE ?? 10),
});
pool.on('error', () => undefined);

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/page', async () => {
  const result = await pool.query(heaviest.text, heaviest.values);
  return { data: { items: result.rows } };
});
app.get('/all', async () => {
  const results = await Promise.all(
    statements.map((statement) => pool.query(statement.text, statement.values)),
  );
  return { data: results.map((result) => result.rows) };
});

const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
await app.listen({ host: '127.0.0.1', port: Number(process.env.BARE_PORT) });
