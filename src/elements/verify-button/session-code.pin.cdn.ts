/**
 * session-code.pin.ts as kyi-elements.js is built: the session code's file and integrity,
 * `<file> <sha384-…>` (the file relative to kyi-elements.js), written over this placeholder by
 * `pinChunksPlugin` once the chunk is final, and checked before the code is imported.
 */
import { preloadModule } from '../../browser/page.js';

const PIN: string = 'kyi-pin:session-code';

export const checkSessionCode = (): Promise<void> => {
  const [file, integrity] = PIN.split(' ');
  return preloadModule(new URL(file!, import.meta.url).href, integrity!);
};
