import { build } from 'vite';
await build({ configFile: false, logLevel: 'warn', build: { ssr: 'bench/child.ts', outDir: '/tmp/gbench/child', emptyOutDir: true, target: 'node20', minify: false, rollupOptions: { output: { entryFileNames: 'child.mjs' } } }, ssr: { noExternal: true, target: 'node' } });
