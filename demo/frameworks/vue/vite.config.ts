import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';
import { fileURLToPath } from 'node:url';

// Built by test/node/frameworks.test.ts.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  logLevel: 'warn',
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('kyi-') } } })],
  build: { outDir: fileURLToPath(new URL('../../../dist/frameworks/vue', import.meta.url)), emptyOutDir: true },
});
