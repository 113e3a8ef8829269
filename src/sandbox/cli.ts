/**
 * `kyi-sandbox [--port N] [--hostile] [--widget-origin ORIGIN]…` (`npm run sandbox -- …` in this
 * repository): starts the sandbox and prints its SandboxInfo as one JSON object on the FIRST line of
 * stdout. Human-readable lines go to stderr; the first of them names the page origins the
 * verification widget opens on. `--help` prints the usage; an unknown flag exits 2 naming it.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_WIDGET_ORIGINS, startSandbox } from './index.js';
import { checkWidgetOrigin } from './widget/origins.js';

export const DEFAULT_SANDBOX_PORT = 4010;

export const USAGE = `Usage: kyi-sandbox [options]

A local stand-in for the verification service: Public API, Explorer API and widget, with
demo credentials. The first stdout line is JSON with the URLs and credentials.

Options:
  --port N               port to listen on (default: $SANDBOX_PORT, else ${DEFAULT_SANDBOX_PORT}; 0 = any free port)
  --widget-origin ORIGIN allow the verification widget on pages from ORIGIN (repeatable),
                         e.g. --widget-origin http://localhost:3000
                         (always allowed: ${DEFAULT_WIDGET_ORIGINS.join(', ')})
  --hostile              answer with hostile-but-valid bodies (markup, odd URLs) to test pages
  -h, --help             print this help and exit
`;

/** The port from `--port`, else `SANDBOX_PORT`, else 4010; anything else is the caller's mistake. */
function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_SANDBOX_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`invalid port "${raw}": use 0–65535 (0 = any free port)`);
  return port;
}

class UsageError extends Error {}

function readArgs(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'widget-origin': { type: 'string', multiple: true },
        hostile: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    // parseArgs names the flag: "Unknown option '--prot'", "Option '--port <value>' argument missing".
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** `check` with its complaint reported as the caller's usage mistake. */
function usageChecked<T>(check: (value: string) => T): (value: string) => T {
  return (value) => {
    try {
      return check(value);
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
  };
}

async function main() {
  const args = readArgs(process.argv.slice(2));
  if (args.help) {
    process.stdout.write(USAGE);
    return;
  }
  const widgetOrigins = [...DEFAULT_WIDGET_ORIGINS, ...(args['widget-origin'] ?? []).map(usageChecked(checkWidgetOrigin))];
  const port = parsePort(args.port ?? process.env.SANDBOX_PORT);
  const sandbox = await startSandbox({ port, hostile: args.hostile === true, widgetOrigins });
  process.stdout.write(JSON.stringify(sandbox.info) + '\n');
  process.stderr.write(
    `KYI sandbox: the verification widget opens on pages from ${[...sandbox.widgetOrigins].join(', ')}` +
      ` (add yours with --widget-origin ORIGIN)\n` +
      `KYI sandbox listening on ${sandbox.origin} (Ctrl+C to stop)\n`,
  );
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  const usage = err instanceof UsageError;
  process.stderr.write(`kyi-sandbox: ${err instanceof Error ? err.message : String(err)}\n${usage ? 'Run kyi-sandbox --help for the options.\n' : ''}`);
  process.exit(usage ? 2 : 1);
});
