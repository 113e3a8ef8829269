/**
 * session-code.pin.ts as kyi-elements.js is built: the session code's file and integrity,
 * `<file> <sha384-…>` (the file relative to kyi-elements.js), written over this placeholder by
 * `pinChunksPlugin` once the chunk is final, and checked before the code is imported.
 */
import { preloadModule } from '../../browser/page.js';
import { KyiRequestError } from '../../client/errors.js';

const PIN: string = 'kyi-pin:session-code';

export const checkSessionCode = (): Promise<void> => {
  const [file, integrity] = PIN.split(' ');
  const self = new URL(import.meta.url);
  // The chunk imports kyi-elements.js by its plain address: loaded as `…?v=2`, the page would get
  // a second copy of the kit, one that no `integrity` on the page pins. The site's to fix.
  if (self.search || self.hash) {
    const message = `<kyi-verify-button> cannot load its session code: kyi-elements.js is loaded as ${self.href}, and the code it loads imports it without the query or fragment, a second copy no integrity value of the page pins. Load kyi-elements.js at a versioned path with neither.`;
    console.warn(`kyi-elements: ${message}`);
    return Promise.reject(new KyiRequestError('not_configured', message));
  }
  return preloadModule(new URL(file!, self).href, integrity!);
};
