/** Shapes shared by the bench pages and the benchmarks that build them. */

/** Host attributes of one element. */
export type Attrs = Record<string, string>;

/** What a settled `<kyi-token-status>` shows, resolved ahead of time for the plain Lit page. */
export interface StatusView {
  status: 'verified' | 'unverified' | 'not-found';
  label: string;
  /** not-found: the detail line. */
  detail?: string;
  /** verified: issuer line. */
  issuer?: string;
  /** verified / unverified on several chains: the per-chain summary. */
  summary?: string;
  /**
   * verified: badge image URLs (`[dark, light]` for the auto theme) with the badge base URL
   * replaced by `{base}`; the page fills in its `kyi:badge-base-url` meta tag.
   */
  badge?: { urls: string[]; themes: ('dark' | 'light')[] };
}

/** Data of the token-status page: the attributes of every element, in page order. */
export interface TokenStatusPageData {
  items: Attrs[];
}

/** Data of the plain Lit page: the same hosts, each with the index of its view. */
export interface PlainPageData {
  items: { attrs: Attrs; view: number }[];
  views: StatusView[];
}

/** What each list page leaves on `window.__bench` once every element settled. */
export interface ListPageResult {
  /** `performance.now()` when the page module started running. */
  scriptStart: number;
  /** `performance.now()` when every element had settled and rendered. */
  settledAt: number;
  /** `performance.now()` one frame later, once that frame was painted (rAF, then a task). */
  paintedAt: number;
  /** Token-status page: milestones of the run (see token-status.ts). */
  phases?: { rendered: number; requestStart: number; responseAt: number };
  /** Elements per final status. */
  statuses: Record<string, number>;
  /** Browser lookup client counters (token-status page only). */
  client?: { batches: number; sent: number; cacheHits: number; joined: number };
}

/** Resolves after the next frame has been painted. */
export function afterNextPaint(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
}

/** Shadow markup without Lit's comment markers and insignificant whitespace, for comparing pages. */
export function normalizedMarkup(root: ShadowRoot | null): string {
  return (root?.innerHTML ?? '')
    .replace(/<!--[^]*?-->/g, '')
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .replace(/ (?=[">])/g, '')
    .trim();
}
