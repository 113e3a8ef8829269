// Custom Elements Manifest: generated from the elements' JSDoc (`npm run manifest`),
// committed as custom-elements.json, and checked to be current by test/node/manifest.test.ts.
export default {
  globs: ['src/elements/**/*.ts'],
  exclude: ['src/elements/**/*.styles.ts', 'src/elements/shared/styles.ts'],
  outdir: '.',
  litelement: true,
  packagejson: false,
};
