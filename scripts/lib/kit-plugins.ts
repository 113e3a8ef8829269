/**
 * The Vite plugins of every build of what ships: the npm build (vite.config.ts), its edge render
 * file (scripts/build.ts) and the CDN files (cdn-chunks.ts `cdnConfig`). Lit's templates shrunk
 * (minify-lit-templates.ts), and the bundler's namespace helper held to own keys
 * (own-keys-namespace.ts: a key left enumerable on `Object.prototype` must not stop the kit
 * loading). One list, so no build of the kit ships without either.
 */
import type { Plugin } from 'vite';
import { minifyLitTemplatesPlugin } from './minify-lit-templates.js';
import { ownKeysNamespacePlugin } from './own-keys-namespace.js';

export const kitPlugins = (): Plugin[] => [minifyLitTemplatesPlugin(), ownKeysNamespacePlugin()];
