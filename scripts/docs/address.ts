/**
 * The docs' one address: package.json `homepage`. VitePress serves and builds the site under its
 * path (`base`), and the README links into it (test/node/docs.test.ts checks they agree).
 */
import { readFileSync } from 'node:fs';

const { homepage } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { homepage: string };

/** The published docs site, e.g. `https://kyi-elements.github.io/kyi-elements/`. */
export const DOCS_URL = homepage;
/** The path the site lives under (`/kyi-elements/`): VitePress `base`. */
export const DOCS_BASE = new URL(homepage).pathname;
