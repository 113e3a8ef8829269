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
  /** verified, the issuer's business not verified: the warning's words. */
  warning?: string;
  /** verified / unverified on several chains: the per-chain summary. */
  summary?: string;
  /**
   * verified: badge image URLs (`[dark, light]` for the auto theme) with the badge base URL
   * replaced by `{base}`; the page fills in its `kyi:badge-base-url` meta tag.
   */
  badge?: { urls: string[] };
}

/** Data of the token-status page: the attributes of every element, in page order. */
export interface TokenStatusPageData {
  items: Attrs[];
}

/**
 * Data of the plain Lit page: the same hosts, each with the index of its distinct lookup; the
 * lookups as sent in `POST /lookup`; what each lookup's answer shows (an index into `views`).
 */
export interface PlainPageData {
  items: { attrs: Attrs; lookup: number }[];
  lookups: Record<string, string>[];
  viewOf: number[];
  views: StatusView[];
  /** Lookups per request (the server piece's limit). */
  batchMax: number;
}

/** What each list page leaves on `window.__bench` once every element settled. */
export interface ListPageResult {
  /** `performance.now()` when the page module started running. */
  scriptStart: number;
  /** `performance.now()` when every element had settled and rendered. */
  settledAt: number;
  /** `performance.now()` one frame later, once that frame was painted (rAF, then a task). */
  paintedAt: number;
  /** `performance.now()` once every element in view at load showed its result and that frame was painted; how many were in view. */
  inView: { paintedAt: number; count: number };
  /** Milestones: every element rendered its loading state, the first lookup request left, its answer arrived. */
  phases: { rendered: number; requestStart: number; responseAt: number };
  /** Sum of the layout-shift values of the load (no input happens), up to two frames after settling. */
  cls: number;
  /** Layout-shift entries. */
  shifts: number;
  /** The first shifts' sources, described. */
  shiftSources?: string;
  /** Main-thread tasks over 50 ms (longtask entries): start and duration, ms. */
  longTasks: { start: number; duration: number }[];
  /** Long animation frames (over 50 ms): start, duration, and the script and style-and-layout parts, ms. */
  frames: { start: number; duration: number; script: number; styleLayout: number }[];
  /** Elements per final status. */
  statuses: Record<string, number>;
  /** Lookup requests the page sent. */
  requests: number;
  /** Lookups the page's requests carried (the entries of their batches). */
  lookupsSent?: number;
}

/** Records when the first `POST …/lookup` left and when its answer's headers arrived; counts the requests and the lookups they carry. */
export function watchLookupFetches(phases: ListPageResult['phases']): { readonly requests: number; readonly lookups: number } {
  const pageFetch = window.fetch.bind(window);
  const state = { requests: 0, lookups: 0 };
  window.fetch = (input, init) => {
    const isLookup = String(input instanceof Request ? input.url : input).endsWith('/lookup');
    if (isLookup && !state.requests++) phases.requestStart = performance.now();
    if (isLookup && typeof init?.body === 'string') state.lookups += (JSON.parse(init.body) as { requests: unknown[] }).requests.length;
    return pageFetch(input, init).then((response) => {
      if (isLookup && !phases.responseAt) {
        phases.responseAt = performance.now();
        // Named in traces, so a profile of the load shows where the settle phase starts.
        performance.mark('bench:response');
      }
      return response;
    });
  };
  return state;
}

/** Two painted frames after settling (the last render's shift is reported at the next layout), then the result. */
export async function finish(
  result: Omit<ListPageResult, 'paintedAt' | 'inView' | 'cls' | 'shifts' | 'longTasks' | 'frames' | 'shiftSources'>,
  perf: Pick<ListPageResult, 'cls' | 'shifts' | 'longTasks' | 'frames'> & { sources: string[] },
  markup: (n: number) => string[],
  watch: ReturnType<typeof watchInView>,
): Promise<void> {
  performance.mark('bench:settled');
  const paintedAt = await afterNextPaint();
  const inView = await watch.result();
  await afterNextPaint();
  (window as unknown as { __benchMarkup: (n: number) => string[] }).__benchMarkup = markup;
  (window as unknown as { __bench: ListPageResult }).__bench = {
    ...result,
    paintedAt,
    inView,
    cls: perf.cls,
    shifts: perf.shifts,
    longTasks: [...perf.longTasks],
    frames: [...perf.frames],
    shiftSources: perf.sources.join('; '),
  };
}

/**
 * When the elements in view at load first showed their results, painted: the page reports each
 * element once it rendered its result (`settled`); an IntersectionObserver (no forced layout)
 * says which were in view; painted frames are recorded as they pass (rAF, then a task).
 */
export function watchInView(elements: Element[]): { settled(el: Element): void; result(): Promise<{ paintedAt: number; count: number }> } {
  const settledAt = new Map<Element, number>();
  const paints: number[] = [];
  let watching = true;
  const loop = () => requestAnimationFrame(() => setTimeout(() => (paints.push(performance.now()), watching && loop()), 0));
  loop();
  const inView = new Promise<Element[]>((resolve) => {
    const observer = new IntersectionObserver((entries) => {
      observer.disconnect();
      resolve(entries.filter((e) => e.isIntersecting).map((e) => e.target));
    });
    elements.forEach((el) => observer.observe(el));
  });
  return {
    settled: (el) => void (settledAt.has(el) || settledAt.set(el, performance.now())),
    async result() {
      const seen = await inView;
      const last = Math.max(...seen.map((el) => settledAt.get(el) ?? Infinity));
      if (!Number.isFinite(last)) throw new Error('an element in view never reported its result');
      while (!paints.some((t) => t >= last)) await afterNextPaint();
      watching = false;
      return { paintedAt: paints.find((t) => t >= last)!, count: seen.length };
    },
  };
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
