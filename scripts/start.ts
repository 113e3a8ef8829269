/**
 * `npm start`: builds the demo page, then serves it with the server piece at /api/kyi on
 * the embedded sandbox (or the service named by KYI_* variables). Port from PORT (5173).
 */
import { build } from 'vite';
import { startDemoServer } from './lib/demo-server.js';
import { generateFrameworks } from './manifest/frameworks.mjs';

const port = Number(process.env.PORT ?? 5173);
const host = process.env.HOST ?? '127.0.0.1';

// The framework types and React wrappers are build output: made from the current JSDoc first.
await generateFrameworks();
await build({ configFile: 'demo/vite.config.ts', logLevel: 'warn' }); // writes dist/demo
const server = await startDemoServer({ port, host, root: 'dist/demo' });

console.log(`kyi-elements demo: ${server.url}`);
if (server.sandbox) {
  const { credentials, publicApiUrl, explorerUrl } = server.sandbox.info;
  console.log(`  embedded sandbox: Public API ${publicApiUrl}, Explorer ${explorerUrl}`);
  console.log(`  demo credentials: Public API key ${credentials.publicApiKey}, partner ${credentials.partnerId}`);
} else {
  console.log('  using the service named by KYI_PUBLIC_API_URL');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
