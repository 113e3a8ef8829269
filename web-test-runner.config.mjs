// Browser tests: real Chromium (Playwright launcher on the system binary), TypeScript through
// esbuild, and the kyi harness: the embedded sandbox plus the real server piece at /api/kyi.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, findChromium } from './scripts/lib/chromium.mjs';
import { cloneSafeReports } from './test/harness/clone-safe-reports.ts';
import { kyiHarness } from './test/harness/wtr-harness.ts';
import { widgetKeys } from './test/harness/widget-keys.ts';
import { pagePixels } from './test/harness/page-pixels.ts';
import { axNode } from './test/harness/ax-node.ts';
import { cdnChunksFromSource } from './test/harness/cdn-chunks-from-source.ts';

const harness = kyiHarness();

export default {
  files: ['test/browser/**/*.test.ts'],
  nodeResolve: true,
  concurrency: 2,
  testsFinishTimeout: 180_000,
  testFramework: { config: { timeout: 10_000 } },
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? findChromium(),
        // The widget frame is cross-origin; out of process, key presses routed into it (and a
        // key released while it is torn down) can stall the automation on a loaded machine.
        // Keeping frames in process changes no web-visible behaviour: origins, postMessage
        // checks and the same-origin policy are the same.
        args: [...CHROMIUM_ARGS, '--disable-features=IsolateOrigins,site-per-process'],
      },
    }),
  ],
  // esbuild reads tsconfig.json's compiler options only when given the file: the elements' field
  // initialisers rely on its `useDefineForClassFields: false` (else they shadow Lit's accessors).
  // cloneSafeReports: a failed assertion about a DOM node is reported, not a run that never ends.
  // widgetKeys: the `widget-key` command (a key dispatched inside the widget's frame).
  // pagePixels: the `page-pixels` command (what Chromium painted in a box of the page).
  // axNode: the `ax-node` command (an element's role, name and description in Chromium's accessibility tree).
  // cdnChunksFromSource: the chunks the CDN autoloader asks for when a test runs it from its sources.
  plugins: [
    esbuildPlugin({ ts: true, json: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
    harness.plugin,
    cloneSafeReports(),
    widgetKeys(),
    pagePixels(),
    axNode(),
    cdnChunksFromSource(),
  ],
  middleware: [harness.middleware],
};
