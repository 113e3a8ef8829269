import { build } from 'vite';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cdnConfig } from '/work/wt/size/scripts/lib/cdn-chunks.ts';
import { codeByModule } from '/work/wt/size/bench/by-source.ts';
import { AUTOLOADER_CODE_SPLITTING } from '/work/wt/size/scripts/lib/cdn-chunks.ts';
const ROOT = '/work/wt/size';
const files = process.argv.slice(2);
const out: any = await build(cdnConfig(join(ROOT, 'src/entries/cdn/kyi-autoloader.ts'), '/tmp/pageout', 'kyi-autoloader.js', { manifest: 'm.json', output: { chunkFileNames: 'chunks/[name].js', codeSplitting: AUTOLOADER_CODE_SPLITTING }, sourcemap: 'hidden' }) as any);
const chunks = ((Array.isArray(out) ? out : [out]) as any[]).flatMap((o) => o.output ?? []).filter((c: any) => c.type === 'chunk');
for (const f of files) {
  const c = chunks.find((c: any) => c.fileName === f);
  const mods = [...codeByModule(c, '/tmp/pageout')].map(([id, code]) => ({ id: id.replace(ROOT + '/', ''), code }));
  const whole = gzipSync(readFileSync('/tmp/pageout/' + f)).length;
  console.log('==', f, whole);
  const rows = mods.map((m) => ({ id: m.id, min: m.code.length, without: whole - gzipSync(mods.filter((x) => x !== m).map((x) => x.code).join('')).length }));
  for (const r of rows.sort((a, b) => b.without - a.without)) console.log(String(r.without).padStart(6), String(r.min).padStart(7), r.id);
}
