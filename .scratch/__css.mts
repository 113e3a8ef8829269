import { transform, browserslistToTargets } from 'lightningcss';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
const files = ['src/elements/token-status/token-status.styles.ts','src/elements/asset-card/asset-card.styles.ts','src/elements/shared/styles.ts','src/elements/verify-button/drawer.styles.ts','src/elements/shared/monitoring.styles.ts','src/elements/watchlist/watchlist.styles.ts'];
const v = (n: number) => n << 16;
const targets = { chrome: v(125), safari: v(17) | (5 << 8), firefox: v(126) };
for (const f of files) {
  const src = readFileSync(f, 'utf8');
  const m = /css`([\s\S]*?)`;/.exec(src.slice(src.lastIndexOf('= css`') - 2))!;
  const code = m[1]!.replace(/\$\{[^}]*\}/g, '');
  const a = transform({ filename: 'a.css', code: Buffer.from(code), minify: true }).code.toString();
  const b = transform({ filename: 'a.css', code: Buffer.from(code), minify: true, targets }).code.toString();
  console.log(f, a.length, b.length, gzipSync(a).length, gzipSync(b).length);
  if (process.env.SHOW) console.log(b);
}
