/**
 * One replica of the lease test, as its own process: `pollTokenomics` over the PostgreSQL
 * store, writing each revision into the consumer's table through `tx`. Prints one JSON line
 * per event (lease taken or lost, a batch written but not yet committed) so the parent can
 * SIGKILL it at chosen steps. Stops cleanly on SIGTERM.
 */
import { ExplorerClient } from '../../../src/server/upstream/explorer-client.js';
import { pollTokenomics } from '../../../src/server/poll/index.js';
import { createPostgresStore } from '../../../src/server/postgres/index.js';

interface Args {
  url: string;
  tablePrefix: string;
  explorerUrl: string;
  apiKey: string;
  holder: string;
  ttlMs: number;
}

const args = JSON.parse(process.argv[2]!) as Args;
const store = createPostgresStore({ connectionString: args.url, tablePrefix: args.tablePrefix });
const consumer = `${args.tablePrefix}consumer`;
const tell = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ ...event, at: Date.now() })}\n`);
const controller = new AbortController();
process.on('SIGTERM', () => controller.abort());

await pollTokenomics({
  client: new ExplorerClient({ baseUrl: args.explorerUrl, apiKey: args.apiKey, budget: null }),
  store,
  signal: controller.signal,
  limit: 10,
  idleDelayMs: 50,
  lease: { ttlMs: args.ttlMs, retryMs: args.ttlMs / 10, holder: args.holder, onChange: ({ held }) => tell({ event: 'lease', held }) },
  onRevisions: async (revisions, { tx }) => {
    for (const r of revisions) {
      await tx!.query(`INSERT INTO ${consumer} (id, revision, holder) VALUES ($1, $2, $3)`, [r.id, String(r.revision), args.holder]);
    }
    tell({ event: 'batch', size: revisions.length });
    // A window for a kill inside the transaction: the parent SIGKILLs on the line above, and the
    // test wants some kills to land before the commit. A wait in time is the point here.
    await new Promise((resolve) => setTimeout(resolve, 10));
  },
});
await store.close();
