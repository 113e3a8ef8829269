/**
 * What checks the session code's bytes before it loads, when the build pins them: nothing here,
 * where the bundler that built the page loads the code (the autoloader's chunks are pinned in an
 * import map). The build of kyi-elements.js takes session-code.pin.cdn.ts instead
 * (`pinChunksPlugin`, scripts/lib/cdn-chunks.ts), so that file's script-tag `integrity` covers the
 * code it loads later too.
 */
export const checkSessionCode: (() => Promise<void>) | undefined = undefined;
