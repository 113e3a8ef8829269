/**
 * Layout shift and long tasks of a bench page, from navigation on (buffered observers).
 * Imported first by each page module, so the observers exist before its elements do.
 */
interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}

const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;

/** What the page's load cost the user: shifted layout and main-thread tasks over 50 ms. */
export const perf = {
  cls: 0,
  shifts: 0,
  longTasks: [] as { start: number; duration: number }[],
  /** Long animation frames (over 50 ms): how much of each was script, and how much style and layout. */
  frames: [] as { start: number; duration: number; script: number; styleLayout: number }[],
  sources: [] as string[],
};

interface LongAnimationFrame extends PerformanceEntry {
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: { duration: number }[];
}

new PerformanceObserver((list) => {
  for (const entry of list.getEntries() as LayoutShift[]) {
    if (entry.hadRecentInput) continue;
    perf.cls += entry.value;
    perf.shifts++;
    // What moved, for the notes: the first few sources of the first few shifts.
    if (perf.sources.length < 4)
      for (const source of entry.sources.slice(0, 2))
        perf.sources.push(`${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: <${source.node?.nodeName.toLowerCase() ?? '?'}> ${rect(source.previousRect)} → ${rect(source.currentRect)}`);
  }
}).observe({ type: 'layout-shift', buffered: true });

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) perf.longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });

// Chromium 123+: the frame's script time beside its style and layout time.
if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame'))
  new PerformanceObserver((list) => {
    for (const f of list.getEntries() as LongAnimationFrame[]) {
      const end = f.startTime + f.duration;
      perf.frames.push({
        start: f.startTime,
        duration: f.duration,
        script: f.scripts.reduce((sum, s) => sum + s.duration, 0),
        styleLayout: f.styleAndLayoutStart ? end - f.styleAndLayoutStart : 0,
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
