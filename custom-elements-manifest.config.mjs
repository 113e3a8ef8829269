// Custom Elements Manifest: generated from the elements' JSDoc (`npm run manifest`), committed as
// custom-elements.json and checked to be current by test/node/manifest.test.ts. The framework
// types and React wrappers made from it (src/frameworks/) are build output, not committed:
// scripts/manifest/frameworks.mjs runs this config with KYI_FRAMEWORK_TYPES_DIR (and --outdir)
// pointing at a scratch folder, then copies them into place.
import { customElementJsxPlugin } from 'custom-element-jsx-integration';
import { customElementVuejsPlugin } from 'custom-element-vuejs-integration';
import { customElementSveltePlugin } from 'custom-element-svelte-integration';
import { reactWrappersPlugin } from './scripts/manifest/react-wrappers.mjs';
import {
  dedupeImports,
  eventTypesPlugin,
  exportPropsTypes,
  patchOutput,
  publicApiPlugin,
  settableOnly,
  shippedModulesPlugin,
  svelteGlobalTypes,
  valueDefaultsPlugin,
  vueEventProps,
} from './scripts/manifest/plugins.mjs';

const typesDir = process.env.KYI_FRAMEWORK_TYPES_DIR ?? 'src/frameworks';
// The generated files import the element classes and event details from the package root, by
// its name: the framework entries refer to `kyi-elements`' types rather than re-export them.
const typeOptions = { outdir: typesDir, globalTypePath: 'kyi-elements', hideLogs: true };

const jsx = { ...typeOptions, fileName: 'jsx-types.d.ts' };
const vue = { ...typeOptions, fileName: 'vue-types.d.ts' };
const svelte = { ...typeOptions, fileName: 'svelte-types.d.ts' };

export default {
  // The package's entries (mapped to dist/ through the exports map), and what they import.
  globs: ['src/entries/*.ts', 'src/elements/**/*.ts'],
  // The reactive base (elements/shared/reactive.ts) is plumbing, as Lit's was: its lifecycle
  // members (`requestUpdate`, `addController`…) are not the elements' API to document.
  exclude: ['src/elements/**/*.styles.ts', 'src/elements/shared/styles.ts', 'src/elements/shared/reactive.ts'],
  outdir: '.',
  litelement: true,
  packagejson: false,
  plugins: [
    eventTypesPlugin(),
    publicApiPlugin(),
    valueDefaultsPlugin(),
    shippedModulesPlugin(),
    // Each type file imports a name once, and exports the props types its public types name.
    patchOutput(settableOnly(customElementJsxPlugin({ ...jsx })), jsx, (text) => exportPropsTypes(dedupeImports(text))),
    patchOutput(settableOnly(customElementVuejsPlugin({ ...vue })), vue, (text) => exportPropsTypes(vueEventProps(dedupeImports(text)))),
    patchOutput(settableOnly(customElementSveltePlugin({ ...svelte })), svelte, (text) => exportPropsTypes(svelteGlobalTypes(dedupeImports(text)))),
    reactWrappersPlugin({ outdir: typesDir }),
  ],
};
