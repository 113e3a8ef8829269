import { build } from 'vite';
import { AUTOLOADER_CODE_SPLITTING, cdnConfig } from '/work/wt/size/scripts/lib/cdn-chunks.ts';
const ids = (out: any, pick: (c: any) => boolean) => {
  const m = new Map<string, number>();
  for (const o of (Array.isArray(out) ? out : [out])) for (const c of o.output) if (c.type === 'chunk' && pick(c)) for (const [id, x] of Object.entries<any>(c.modules)) if (x.renderedLength > 0) m.set(id.replace('/work/wt/size/', ''), x.renderedLength);
  return m;
};
const auto: any = await build(cdnConfig('/work/wt/size/src/entries/cdn/kyi-autoloader.ts', '/tmp/reach/a', 'kyi-autoloader.js', { output: { chunkFileNames: 'chunks/[name].js', codeSplitting: AUTOLOADER_CODE_SPLITTING } }) as any);
for (const tag of process.argv.slice(2)) {
  const alone: any = await build(cdnConfig(`/work/wt/size/src/entries/${tag}.ts`, '/tmp/reach/b', 'x.js', { output: { codeSplitting: false } }) as any);
  const a = ids(alone, () => true);
  const lookup = ids(auto, (c) => c.fileName === 'chunks/lookup.js');
  console.log('==', tag, 'in lookup but not used by it alone (or less):');
  for (const [id, n] of lookup) if ((a.get(id) ?? 0) + 48 < n) console.log(String(n).padStart(6), String(a.get(id) ?? 0).padStart(6), id);
}
