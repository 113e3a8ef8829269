/** The ETags of lookup answers: a hash of the body, so an ETag dates nothing (./public-api.ts). */

/** FNV-1a 64-bit over UTF-16 code units, as 16 hex digits: cheap, stable, runtime independent. */
function fnv1a64(text: string): string {
  let h1 = 0x811c9dc5 | 0;
  let h2 = 0xcbf29ce4 | 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ (c >>> 4) ^ h1, 0x01000193);
  }
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}

/** A strong ETag for a serialized body (length + hash, quoted). */
export function etagFor(text: string): string {
  return `"${text.length.toString(36)}-${fnv1a64(text)}"`;
}
