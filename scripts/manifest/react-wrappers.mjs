/**
 * Analyzer plugin writing `react.ts`: one `@lit/react` component per kit element, with an
 * `onKyiStatus`-style prop for each event the manifest lists. The wrappers add their listeners
 * themselves, so handlers work in React 18 and keep working after hydration in React 19.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventProp, kitEvents } from './plugins.mjs';

/** The summary's first sentence, on one line, safe inside a comment. */
const firstSentence = (text = '') => text.replace(/\s*\n\s*/g, ' ').replace(/\*\//g, '*\\/').split(/(?<=\.)\s/)[0];

function wrapper(declaration, events) {
  const eventLines = (declaration.events ?? []).map((e) => {
    const cls = events.get(e.name)?.eventClass;
    if (!cls) throw new Error(`react wrappers: ${declaration.tagName} fires ${e.name}, which src/events.ts does not declare`);
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

/**
 * The manifest's tag registrations (`custom-element-definition` exports), once per tag: an
 * element's own entry and `dist/define.js` both register it.
 */
const definitions = (manifest) => {
  const byTag = new Map();
  for (const e of manifest.modules.flatMap((m) => m.exports ?? [])) {
    if (e.kind === 'custom-element-definition' && !byTag.has(e.name)) byTag.set(e.name, e);
  }
  return [...byTag.values()];
};

export function reactSource(manifest) {
  const events = kitEvents();
  const elements = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName);
  const eventClasses = [...new Set(elements.flatMap((d) => (d.events ?? []).map((e) => events.get(e.name)?.eventClass)))].filter(Boolean);
  return [
    `// Generated from the elements' manifest by scripts/manifest/react-wrappers.mjs (npm install, npm test, npm run build): do not edit.`,
    `/**`,
    ` * \`kyi-elements/react\`: the kit's elements as React components (\`@lit/react\`), with typed props and`,
    ` * \`onKyiStatus\`-style event props. Importing it registers the elements it wraps.`,
    ` */`,
    `import * as React from 'react';`,
    `import { createComponent, type EventName } from '@lit/react';`,
    `import { defineElement } from '../register.js';`,
    `import {`,
    ...elements.map((d) => `  ${d.name} as ${d.name}Element,`),
    ...eventClasses.map((c) => `  type ${c},`),
    `} from '../index.js';`,
    '',
    ...definitions(manifest).map((e) => `defineElement('${e.name}', ${e.declaration.name}Element);`),
    '',
    elements.map((d) => wrapper(d, events)).join('\n\n'),
    '',
  ].join('\n');
}

/** @param {{ outdir: string, fileName: string }} options */
export function reactWrappersPlugin({ outdir, fileName }) {
  return {
    name: 'kyi-react-wrappers',
    packageLinkPhase({ customElementsManifest }) {
      mkdirSync(outdir, { recursive: true });
      writeFileSync(join(outdir, fileName), reactSource(customElementsManifest));
    },
  };
}
