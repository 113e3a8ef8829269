/**
 * One replica of the shared-budget test, as its own process: `clients` concurrent callers of
 * one Explorer key, each taking a permit from the PostgreSQL budget before every request,
 * for `durationMs` after the parent says "go". Prints one JSON line with its counts.
 */
import { once } from 'node:events';
import { BudgetExceededError } from '../../../src/server/budget.js';
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
const counts = { sent: 0, limited: 0, failed: 0 };

async function client(deadline: number): Promise<void> {
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return;
    let permit;
    try {
      permit = await budget.acquire({ maxWaitMs: left });
    } catch (error) {
      if (error instanceof BudgetExceededError) return;
      throw error;
    }
    try {
      const response = await fetch(`${args.explorerUrl}/me/notifications`, { headers: { authorization: `Bearer ${args.apiKey}` } });
      await response.arrayBuffer();
      counts.sent++;
      if (response.status === 429) {
        counts.limited++;
        await budget.hold(Number(response.headers.get('retry-after') ?? '1') * 1000);
      } else if (!response.ok) counts.failed++;
    } finally {
      permit.release();
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
