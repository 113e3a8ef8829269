/**
 * Bundles the docs' Service Worker (./service-worker.ts) into docs/public, where VitePress serves
 * it in `npm run docs` and copies it into the built site. Run by scripts/docs/generate.ts.
 */
import { build, type Plugin } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { LIVE_PATHS } from '../live-paths.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The two Node modules the sandbox uses, for their stand-ins (./node-crypto.ts, ./node-zlib.ts). */
const nodeStandIns: Plugin = {
  name: 'kyi-docs-node-stand-ins',
  setup(b) {
    b.onResolve({ filter: /^node:(crypto|zlib)$/ }, ({ path }) => ({ path: here(`./node-${path.slice('node:'.length)}.ts`) }));
  },
};

export async function buildServiceWorker(root: string): Promise<string> {
  const outfile = `${root}/docs/public/${LIVE_PATHS.worker}`;
  await build({
    entryPoints: [here('./service-worker.ts')],
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [nodeStandIns],
  });
  return outfile;
}
