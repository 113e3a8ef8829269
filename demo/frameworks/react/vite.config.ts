import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

// Built by test/node/frameworks.test.ts; no React plugin needed: Vite compiles the JSX.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic' } },
  build: { outDir: fileURLToPath(new URL('../../../dist/frameworks/react', import.meta.url)), emptyOutDir: true },
});
