/**
 * One replica of the database-outage test, as its own process, built as the docs' replica
 * recipe builds it: one `pg.Pool` (with its `'error'` listener) for the shared Explorer budget,
 * the handler on `node:http`, and `pollTokenomics` on the PostgreSQL store writing each
 * revision into the consumer's table through `tx`. Prints one JSON line per event
 * (`listening` with its port, `error` with each code told to `onError`). Stops on SIGTERM.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createKyiHandler, ExplorerClient, pollTokenomics } from '../../../src/server/index.js';
import { createPostgresBudget, createPostgresStore } from '../../../src/server/postgres/index.js';

interface Args {
  url: string;
  tablePrefix: string;
  publicApiUrl: string;
  publicApiKey: string;
  explorerUrl: string;
  apiKey: string;
  holder: string;
}

const args = JSON.parse(process.argv[2]!) as Args;
const tell = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ ...event, at: Date.now() })}\n`);

const pool = new pg.Pool({ connectionString: args.url });
pool.on('error', (error) => tell({ event: 'pool-error', message: error.message }));
const explorer = { baseUrl: args.explorerUrl, apiKey: args.apiKey };
const budget = createPostgresBudget({ pool, perMinute: 6000, tablePrefix: args.tablePrefix });
const kyi = createKyiHandler({
  prefix: '/kyi',
  publicApi: { baseUrl: args.publicApiUrl, apiKey: args.publicApiKey },
  explorer: { ...explorer, budget, maxQueueMs: 2000 },
  authorize: () => true,
  onError: (error) => tell({ event: 'http-error', code: (error as { code?: string }).code }),
});
const server = createServer((req, res) => kyi.node(req, res, () => ((res.statusCode = 404), res.end())));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
tell({ event: 'listening', port: (server.address() as AddressInfo).port });

const consumer = `${args.tablePrefix}consumer`;
const controller = new AbortController();
process.on('SIGTERM', () => controller.abort());
await pollTokenomics({
  client: new ExplorerClient({ ...explorer, budget }),
  store: createPostgresStore({ pool, tablePrefix: args.tablePrefix }),
  signal: controller.signal,
  limit: 5,
  idleDelayMs: 50,
  backoffMs: 100,
  maxBackoffMs: 1000,
  lease: { ttlMs: 2000, holder: args.holder, onChange: ({ held }) => tell({ event: 'lease', held }) },
  onError: (error) => tell({ event: 'error', code: error.code }),
  onRevisions: async (revisions, { tx }) => {
    for (const r of revisions) {
      await tx!.query(`INSERT INTO ${consumer} (id, revision, holder) VALUES ($1, $2, $3)`, [r.id, String(r.revision), args.holder]);
    }
    tell({ event: 'batch', size: revisions.length });
  },
});
server.close();
await pool.end();
