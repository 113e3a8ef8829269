/**
 * `0x1234…abcd`: enough of both ends of an address (or another long identifier) to recognise
 * it, a short one whole; counted in code points, so no character is cut in two. What the asset
 * card shows of an address and what a token status says of a token it cannot name.
 */
export function shortAddress(address: string): string {
  const chars = [...address];
  return chars.length <= 14 ? address : `${chars.slice(0, 6).join('')}…${chars.slice(-4).join('')}`;
}
