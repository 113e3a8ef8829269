/**
 * `npm run sandbox [-- --port N] [--hostile] [--widget-origin ORIGIN]…`: starts the sandbox
 * and prints its SandboxInfo as one JSON object on the FIRST line of stdout (port from
 * `--port`, else `SANDBOX_PORT`, else 4010; 0 picks any free port). Each `--widget-origin`
 * adds a partner page origin to the widget's allow-list (the demo page's is always on it).
 * Human-readable notes go to stderr.
 */
import { DEFAULT_WIDGET_ORIGINS, startSandbox } from './index.js';

export const DEFAULT_SANDBOX_PORT = 4010;

function parsePort(argv: readonly string[], env: NodeJS.ProcessEnv): number {
  let raw: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--port') raw = argv[i + 1];
    else if (arg.startsWith('--port=')) raw = arg.slice('--port='.length);
  }
  raw ??= env.SANDBOX_PORT;
  if (raw === undefined || raw === '') return DEFAULT_SANDBOX_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port "${raw}": use 0–65535 (0 = any free port)`);
  return port;
}

/** Every value of a repeatable `--name value` / `--name=value` option. */
function values(argv: readonly string[], name: string): string[] {
  return argv.flatMap((arg, i) => (arg === name ? [argv[i + 1] ?? ''] : arg.startsWith(`${name}=`) ? [arg.slice(name.length + 1)] : []));
}

async function main() {
  const argv = process.argv.slice(2);
  const widgetOrigins = [...DEFAULT_WIDGET_ORIGINS, ...values(argv, '--widget-origin')];
  const sandbox = await startSandbox({ port: parsePort(argv, process.env), hostile: argv.includes('--hostile'), widgetOrigins });
  process.stdout.write(JSON.stringify(sandbox.info) + '\n');
  process.stderr.write(`KYI sandbox listening on ${sandbox.origin} (Ctrl+C to stop)\n`);
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`sandbox: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
