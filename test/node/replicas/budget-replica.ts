/**
 * One replica of the shared-budget test, as its own process: an `ExplorerClient` on the
 * PostgreSQL budget (as `new ExplorerClient({ budget })` is documented), with `clients`
 * concurrent callers of one Explorer key for `durationMs` after the parent says "go".
 * Prints one JSON line with its counts.
 */
import { once } from 'node:events';
import { BudgetExceededError } from '../../../src/server/upstream/budget.js';
import { ExplorerClient, isExplorerApiError } from '../../../src/server/upstream/explorer-client.js';
import { createPostgresBudget } from '../../../src/server/postgres/index.js';

interface Args {
  url: string;
  tablePrefix: string;
  perMinute: number;
  explorerUrl: string;
  apiKey: string;
  clients: number;
  durationMs: number;
}

const args = JSON.parse(process.argv[2]!) as Args;
const budget = createPostgresBudget({ connectionString: args.url, tablePrefix: args.tablePrefix, perMinute: args.perMinute });
/** `cutOff`: requests the deadline aborted after the budget let them go (they may have reached the service). */
const counts = { sent: 0, limited: 0, failed: 0, cutOff: 0 };

const explorer = new ExplorerClient({ baseUrl: args.explorerUrl, apiKey: args.apiKey, budget });

async function client(deadline: number): Promise<void> {
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return;
    const signal = AbortSignal.timeout(left);
    try {
      await explorer.notifications({}, { signal });
      counts.sent++;
    } catch (error) {
      if (error instanceof BudgetExceededError) return;
      // The budget refused locally (its queue wait ran out): nothing reached the service.
      const local = isExplorerApiError(error) && error.local;
      // The deadline's abort, which may fire a millisecond before `Date.now()` reaches it (timers
      // run on a monotonic clock): a request it cut off is not one the service answered.
      if (signal.aborted || Date.now() >= deadline) {
        if (!local) counts.cutOff++;
        return;
      }
      if (local) continue;
      counts.sent++;
      if (isExplorerApiError(error) && error.status === 429) counts.limited++;
      else counts.failed++;
    }
  }
}

await budget.heldFor(); // connect and create the tables before saying ready
process.stdout.write('ready\n');
await once(process.stdin, 'data');
process.stdin.destroy();
const deadline = Date.now() + args.durationMs;
await Promise.all(Array.from({ length: args.clients }, () => client(deadline)));
process.stdout.write(`${JSON.stringify(counts)}\n`);
await budget.close();
