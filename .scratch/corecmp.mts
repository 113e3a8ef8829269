import { build } from 'vite';
import { relative } from 'node:path';
import { AUTOLOADER_CODE_SPLITTING, cdnConfig } from '/work/wt/size/scripts/lib/cdn-chunks.ts';
process.chdir('/work/wt/size');
const mb = (out: any, pick: (c: any) => boolean) => { const m = new Map<string, number>(); for (const o of (Array.isArray(out) ? out : [out])) for (const c of o.output) if (c.type === 'chunk' && pick(c)) for (const [id, x] of Object.entries<any>(c.modules)) if (x.renderedLength > 0) m.set(relative(process.cwd(), id), x.renderedLength); return m; };
const auto: any = await build(cdnConfig('/work/wt/size/src/entries/cdn/kyi-autoloader.ts', '/tmp/cc/a', 'kyi-autoloader.js', { output: { chunkFileNames: 'chunks/[name].js', codeSplitting: AUTOLOADER_CODE_SPLITTING } }) as any);
const alone: any = await build(cdnConfig('/work/wt/size/src/entries/badge.ts', '/tmp/cc/b', 'badge.js', { output: { codeSplitting: false } }) as any);
const core = mb(auto, (c) => c.fileName === 'kyi-autoloader.js'); const a = mb(alone, () => true);
for (const [id, n] of core) console.log(String(n).padStart(6), String(a.get(id) ?? 0).padStart(6), id);
