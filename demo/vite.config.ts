import { defineConfig, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { SANDBOX_FIXTURES } from '../src/sandbox/data/tokens.js';
import { minifyLitTemplatesPlugin } from '../scripts/lib/minify-lit-templates.js';

/**
 * `{{pyusd.caip19}}` in the pages becomes the sandbox fixture of that name at build time: the
 * pages carry every element in their HTML (nothing inserted after the first paint) without
 * copying addresses around.
 */
function fixtures(): Plugin {
  return {
    name: 'kyi-demo-fixtures',
    transformIndexHtml(html) {
      return html.replace(/\{\{([\w.]+)\}\}/g, (_, path: string) => {
        const value = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], SANDBOX_FIXTURES);
        if (typeof value !== 'string') throw new Error(`demo: no sandbox fixture named {{${path}}}`);
        return value;
      });
    },
  };
}

/**
 * The pages' module script blocks the first paint (`blocking="render"`, which Vite's build
 * drops from the source HTML): the elements are defined before anything is shown, so nothing
 * moves when they upgrade.
 */
function renderBlocking(): Plugin {
  return {
    name: 'kyi-demo-render-blocking',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<script type="module"(?![^>]*blocking=)/g, '<script type="module" blocking="render"'),
    },
  };
}

// The demo and the gallery as a static build, served by scripts/lib/demo-server.ts under a strict CSP.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  logLevel: 'warn',
  plugins: [fixtures(), renderBlocking(), minifyLitTemplatesPlugin()],
  build: {
    outDir: fileURLToPath(new URL('../dist/demo', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        gallery: fileURLToPath(new URL('./gallery.html', import.meta.url)),
      },
    },
  },
});
