/**
 * `npm run trace [-- --json]`: every file of ours (src/) whose code runs during ONE lookup from
 * `<kyi-token-status>` to the vendor's service and back, with its function calls (issue #25's
 * "files a lookup runs"). Module evaluation at import does not count: coverage starts after the
 * page's modules are defined and before the element is appended, and each module's top-level
 * function is left out.
 *
 * Browser: Chromium loads src/ unbundled from a Vite dev server (middleware mode), with the
 * `kyi:*` meta tags pointing at the server piece below; Playwright's JS coverage.
 * Server: createKyiHandler(...).node on node:http in this process, V8 precise coverage through
 * node:inspector. The sandbox (the vendor) runs in a process of its own (its CLI), so the
 * contract code it calls is not counted as ours.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer as createViteServer } from 'vite';
import type { SandboxInfo } from '../src/sandbox/index.js';
import { SANDBOX_FIXTURES } from '../src/sandbox/data/tokens.js';
import { createKyiHandler } from '../src/server/index.js';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium.mjs';

/** One function V8 reports: its name, where it starts in the module, and its call count. */
interface FunctionCount {
  functionName: string;
  ranges: { startOffset: number; count: number }[];
}
/** Per repo file (`src/…`): function name → calls. */
type Calls = Map<string, Map<string, number>>;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PROXY = '/api/kyi';
const TOKEN = SANDBOX_FIXTURES.pyusd; // verified in the sandbox
const json = process.argv.includes('--json');

/**
 * Adds the functions that ran (count > 0), leaving out the module's top level (the function at
 * offset 0) and `__name`, the helper tsx adds to every module to keep function names.
 */
function addCalls(calls: Calls, file: string, functions: FunctionCount[]): void {
  for (const fn of functions) {
    const range = fn.ranges[0];
    if (!range || range.count === 0 || range.startOffset === 0 || fn.functionName === '__name') continue;
    const perFile = calls.get(file) ?? new Map<string, number>();
    const name = fn.functionName || '(anonymous)';
    perFile.set(name, (perFile.get(name) ?? 0) + range.count);
    calls.set(file, perFile);
  }
}

/** Starts the sandbox through its CLI (`--port 0`); its first stdout line is its SandboxInfo. */
async function startSandboxProcess() {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/sandbox/cli.ts'), '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the sandbox exited (code ${code}) before printing its info`)));
  });
  lines.close();
  return { info: JSON.parse(first) as SandboxInfo, stop: () => child.kill('SIGTERM') };
}

const sandbox = await startSandboxProcess();
const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta name="kyi:proxy-url" content="${PROXY}">
<meta name="kyi:badge-base-url" content="${sandbox.info.badgeBaseUrl}">
<script type="module" src="/src/entries/token-status.ts"></script>
</head><body></body></html>`;

const vite = await createViteServer({
  configFile: false,
  root: ROOT,
  logLevel: 'error',
  appType: 'custom',
  cacheDir: join(tmpdir(), 'kyi-trace-vite'),
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { entries: ['src/entries/token-status.ts'] },
});
// a partner's backend: the server piece under /api/kyi with a session lookup, the page, and src/ through Vite
const kyi = createKyiHandler({
  prefix: PROXY,
  publicApi: { baseUrl: sandbox.info.publicApiUrl, apiKey: sandbox.info.credentials.publicApiKey },
  getUserId: (request) => /(?:^|;\s*)session=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1] ?? null,
});
const server = createServer((req, res) =>
  kyi.node(req, res, () => {
    if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
    else vite.middlewares(req, res);
  }),
);
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const inspector = new Session();
inspector.connect();
await inspector.post('Profiler.enable');
await inspector.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
const browserCalls: Calls = new Map();
const serverCalls: Calls = new Map();
let status: string;
try {
  const tab = await browser.newPage();
  tab.on('console', (m) => m.type() === 'error' && console.error(`console error: ${m.text()}`));
  await tab.goto(origin + '/');
  await tab.evaluate(() => customElements.whenDefined('kyi-token-status'));
  await tab.coverage.startJSCoverage({ resetOnNavigation: false, reportAnonymousScripts: false });
  await inspector.post('Profiler.takePreciseCoverage'); // resets the server's counts
  status = await tab.evaluate(
    (caip19) =>
      new Promise<string>((resolve) => {
        const el = document.createElement('kyi-token-status');
        el.addEventListener('kyi-status', (e) => resolve((e as CustomEvent<{ status: string }>).detail.status), { once: true });
        el.setAttribute('caip19', caip19);
        document.body.append(el);
      }),
    TOKEN.caip19,
  );
  const { result } = await inspector.post('Profiler.takePreciseCoverage');
  for (const script of result) {
    if (!script.url.startsWith('file://')) continue;
    const file = relative(ROOT, fileURLToPath(script.url));
    if (file.startsWith('src/') && !file.startsWith('src/sandbox/')) addCalls(serverCalls, file, script.functions);
  }
  for (const script of await tab.coverage.stopJSCoverage()) {
    const url = new URL(script.url);
    if (url.origin === origin && url.pathname.startsWith('/src/')) addCalls(browserCalls, url.pathname.slice(1), script.functions);
  }
} finally {
  await browser.close();
  await inspector.post('Profiler.stopPreciseCoverage');
  inspector.disconnect();
  server.closeAllConnections();
  server.close();
  await vite.close();
  sandbox.stop();
}

/** One side's files in path order, each with its functions (most called first). */
function listed(calls: Calls) {
  return [...calls.keys()].sort().map((file) => {
    const functions = [...calls.get(file)!].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    return { file, calls: functions.reduce((n, [, c]) => n + c, 0), functions: Object.fromEntries(functions) };
  });
}
const sides = { browser: listed(browserCalls), server: listed(serverCalls) };
const unique = new Set([...browserCalls.keys(), ...serverCalls.keys()]);
const shared = [...browserCalls.keys()].filter((f) => serverCalls.has(f)).sort();

if (json) {
  console.log(JSON.stringify({ token: TOKEN.caip19, status, ...sides, shared, total: unique.size }, null, 2));
} else {
  console.log(`One lookup of ${TOKEN.caip19} (answer: ${status})`);
  for (const [side, files] of Object.entries(sides)) {
    console.log(`\n${side === 'browser' ? 'Browser (<kyi-token-status>, Chromium)' : 'Server (createKyiHandler on node:http)'}: ${files.length} files`);
    const width = Math.max(...files.map((f) => f.file.length));
    for (const f of files) {
      const names = Object.entries(f.functions).map(([name, n]) => (n > 1 ? `${name}×${n}` : name));
      const more = names.length > 6 ? `, +${names.length - 6} more` : '';
      console.log(`  ${f.file.padEnd(width)}  ${String(f.calls).padStart(3)} calls in ${String(names.length).padStart(2)} functions: ${names.slice(0, 6).join(', ')}${more}`);
    }
  }
  console.log(`\nTotal: ${unique.size} unique files (${shared.length} on both sides${shared.length ? `: ${shared.join(', ')}` : ''})`);
}
