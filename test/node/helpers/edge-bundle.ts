/**
 * Bundles an entry the way edge runtimes' tools do (Wrangler, Next.js edge routes): the
 * `workerd`/`worker`/`edge-light`/`browser` export conditions, no Node platform. Every import of a Node
 * built-in (`node:*` or a bare built-in name) is recorded instead of bundled, so a test can
 * assert that none entered the graph.
 */
import { builtinModules } from 'node:module';
import { build, type Plugin } from 'esbuild';

export const EDGE_CONDITIONS = ['workerd', 'worker', 'edge-light', 'browser'];

export interface EdgeBundle {
  code: string;
  /** `importer → specifier` of every Node built-in the graph imports. */
  nodeImports: string[];
}

export async function bundleForEdge(entry: string, options: { conditions?: string[]; cwd?: string } = {}): Promise<EdgeBundle> {
  const nodeImports: string[] = [];
  const recordNode: Plugin = {
    name: 'record-node-builtins',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        const bare = args.path.replace(/^node:/, '').split('/')[0]!;
        if (!args.path.startsWith('node:') && !builtinModules.includes(bare)) return undefined;
        nodeImports.push(`${args.importer} → ${args.path}`);
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: options.cwd,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['module', 'main'],
    conditions: options.conditions ?? EDGE_CONDITIONS,
    plugins: [recordNode],
    logLevel: 'silent',
  });
  return { code: result.outputFiles[0]!.text, nodeImports };
}
