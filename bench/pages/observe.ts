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
export const perf = { cls: 0, shifts: 0, longTasks: [] as { start: number; duration: number }[], sources: [] as string[] };

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
