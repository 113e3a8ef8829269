/**
 * How the session code is imported when the build pins its bytes: not here, where the bundler
 * that built the page loads it (`import()` in drawer-loader.ts; the autoloader's chunks are pinned
 * in an import map). The build of kyi-elements.js takes session-code.pin.cdn.ts instead
 * (`pinChunksPlugin`, scripts/lib/cdn-chunks.ts), so that file's script-tag `integrity` covers the
 * code it loads later too.
 */
import type * as SessionModule from './session-code.js';

type SessionCode = typeof SessionModule;

export const importPinned: (() => Promise<SessionCode>) | undefined = undefined;
