/**
 * session-code.pin.ts as kyi-elements.js is built: the session code's file and integrity,
 * `<file> <sha384-…>` (the file relative to kyi-elements.js), written over this placeholder by
 * `pinChunksPlugin` once the chunk is final, and checked as the code is imported.
 */
import { preloadModule } from '../../browser/page.js';
import type * as SessionModule from './session-code.js';

type SessionCode = typeof SessionModule;

const PIN: string = 'kyi-pin:session-code';

export const importPinned = async (): Promise<SessionCode> => {
  const [file, integrity] = PIN.split(' ');
  const self = new URL(import.meta.url);
  // The chunk imports kyi-elements.js by its plain address: loaded as `…?v=2`, the page would get
  // a second copy of the kit, one that no `integrity` on the page pins. The site's to fix.
  if (self.search || self.hash) {
    const message = `<kyi-verify-button> cannot load its session code: kyi-elements.js is loaded as ${self.href}, and the code it loads imports it without the query or fragment, a second copy no integrity value of the page pins. Load kyi-elements.js at a versioned path with neither.`;
    console.warn(`kyi-elements: ${message}`);
    throw new Error(message);
  }
  // A fragment of this load's own: the module map holds a module per address, fragment included,
  // and one the page fetched first (a posted `<link rel="modulepreload">` of the chunk, unchecked)
  // is not this one. The fragment is not sent: the file comes from the cache as it would without.
  const url = `${new URL(file!, self).href}#${Math.random().toString(36).slice(2)}`;
  await preloadModule(url, integrity!);
  return import(/* @vite-ignore */ url) as Promise<SessionCode>;
};
