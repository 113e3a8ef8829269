/**
 * Analyzer plugin writing the React wrappers: `react/<element>.ts`, one `@lit/react` component per
 * kit element importing only that element's entry, with an `onKyiStatus`-style prop for each event
 * the manifest lists; `react.ts` re-exports them all. The wrappers add their listeners
 * themselves, so handlers work in React 18 and keep working after hydration in React 19.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { eventProp, kitEvents } from './plugins.mjs';

/** The summary's first sentence, on one line, safe inside a comment. */
const firstSentence = (text = '') => text.replace(/\s*\n\s*/g, ' ').replace(/\*\//g, '*\\/').split(/(?<=\.)\s/)[0];

function wrapper(declaration, events) {
  const eventLines = (declaration.events ?? []).map((e) => {
    const cls = events.get(e.name)?.eventClass;
    if (!cls) throw new Error(`react wrappers: ${declaration.tagName} fires ${e.name}, which no module of src/browser/*events.ts declares`);
    return `    ${eventProp(e.name)}: '${e.name}' as EventName<${cls}>,`;
  });
  return [
    `/** \`<${declaration.tagName}>\` as a React component: ${firstSentence(declaration.summary)} */`,
    `export const ${declaration.name} = createComponent({`,
    `  react: React,`,
    `  tagName: '${declaration.tagName}',`,
    `  elementClass: ${declaration.name}Element,`,
    `  events: {`,
    ...eventLines,
    `  },`,
    `});`,
  ].join('\n');
}

/** `kyi-token-status` → `token-status`: the element's entry (`src/entries/<name>.ts`, `kyi-elements/<name>`). */
export const entryName = (tagName) => tagName.replace(/^kyi-/, '');

const HEADER = `// Generated from the elements' manifest by scripts/manifest/react-wrappers.mjs (npm install, npm test, npm run build): do not edit.`;

/** `react/<name>.ts`: one element's wrapper; it imports that element's entry (which registers it) and nothing else of the kit. */
function elementSource(declaration, events) {
  const name = entryName(declaration.tagName);
  const eventClasses = [...new Set((declaration.events ?? []).map((e) => events.get(e.name)?.eventClass))].filter(Boolean);
  return [
    HEADER,
    `/**`,
    ` * \`kyi-elements/react/${name}\`: \`<${declaration.tagName}>\` as a React component (\`@lit/react\`). Importing it`,
    ` * registers \`<${declaration.tagName}>\` alone (\`kyi-elements/${name}\`); no other element's code comes with it.`,
    ` */`,
    `import * as React from 'react';`,
    `import { createComponent${eventClasses.length ? ', type EventName' : ''} } from '@lit/react';`,
    `import { ${declaration.name} as ${declaration.name}Element } from '../../entries/${name}.js';`,
    // its events' classes from the entry too, which exports each of them
    ...(eventClasses.length ? [`import type { ${eventClasses.join(', ')} } from '../../entries/${name}.js';`] : []),
    '',
    wrapper(declaration, events),
    '',
    `// The element (as \`${declaration.name}Element\`), its events and what their types name, as \`kyi-elements/${name}\` exports them.`,
    `export * from '../../entries/${name}.js';`,
    `export { ${declaration.name}Element };`,
    '',
  ].join('\n');
}

/**
 * The React files, by path under the output folder: `react/<name>.ts` per element, and
 * `react.ts` (`kyi-elements/react`) re-exporting them all.
 * @returns {Map<string, string>}
 */
export function reactSources(manifest) {
  const events = kitEvents();
  const elements = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName);
  const files = new Map();
  files.set(
    'react.ts',
    [
      HEADER,
      `/**`,
      ` * \`kyi-elements/react\`: every element as a React component (\`@lit/react\`), with typed props and`,
      ` * \`onKyiStatus\`-style event props. Importing it registers every element; import`,
      ` * \`kyi-elements/react/<element>\` (e.g. \`kyi-elements/react/token-status\`) to load one element's code only.`,
      ` */`,
      ...elements.map((d) => `export * from './react/${entryName(d.tagName)}.js';`),
      '',
    ].join('\n'),
  );
  for (const d of elements) files.set(`react/${entryName(d.tagName)}.ts`, elementSource(d, events));
  return files;
}

/** @param {{ outdir: string }} options */
export function reactWrappersPlugin({ outdir }) {
  return {
    name: 'kyi-react-wrappers',
    packageLinkPhase({ customElementsManifest }) {
      for (const [file, text] of reactSources(customElementsManifest)) {
        mkdirSync(dirname(join(outdir, file)), { recursive: true });
        writeFileSync(join(outdir, file), text);
      }
    },
  };
}
