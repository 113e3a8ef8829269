import { build } from 'vite';
const out: any = await build({ configFile: false, logLevel: 'warn', resolve: { conditions: ['production', 'browser', 'module', 'import', 'default'] }, define: { 'process.env.NODE_ENV': '"production"' },
  build: { write: false, target: 'es2022', minify: true, lib: { entry: 'src/cdn/kyi-elements.ts', formats: ['es'], fileName: () => 'x.js' } } });
const o = (Array.isArray(out) ? out[0] : out).output[0];
const mods = Object.entries(o.modules as Record<string, any>).map(([id, m]) => [id.replace(/.*node_modules\//, 'nm/').replace('/work/main/', ''), m.renderedLength, m.originalLength]);
mods.sort((a: any, b: any) => b[1] - a[1]);
for (const m of mods) console.log(m.join('\t'));
console.log(o.code.length);
