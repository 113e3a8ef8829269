/**
 * The page-wide render scheduler of the lookup elements (lookup-element.ts), in render slices:
 * renders that many elements ask for at once (500 statuses settling on one answer) run in
 * slices of at most `SLICE_MS` of script each, the first one (half as long) right away in the
 * task that asked: between slices the page can draw a frame and handle input, so no task holds the main
 * thread for long. A few renders fit in the first slice and cost no extra task.
 *
 * - Elements in view render first: the screen settles in the first slices, and the later ones
 *   change only elements out of view, whose frames cost next to nothing (the statuses skip
 *   their rendering off screen: `content-visibility: auto`).
 * - Slices are ended by time, not by count (machines differ), and continue in a new task posted
 *   through a `MessageChannel` (unlike a `setTimeout`, never clamped to 4 ms when nested).
 */
import { viewport } from '../../browser/page.js';

/**
 * Script time one slice may take, ms: the frame drawn after it comes on top, and a task stays
 * well under the 50 ms of a long one. Each frame between slices costs the page a style, layout
 * and paint pass, so fewer, longer slices settle a page sooner (bench/mechanisms-browser.ts).
 */
export const SLICE_MS = 24;

interface Pending {
  element: Element;
  run: () => void;
}

/** Renders waiting, in the order they run (`head` is the next). */
let queue: Pending[] = [];
let head = 0;
/** Renders asked for since the last drain: put in order (in view first) when it starts. */
let incoming: Pending[] = [];
/** When the current task's slice began (`-1`: no slice ran in this task yet). */
let sliceStart = -1;
/** A drain is queued as a microtask of the current task. */
let drainQueued = false;
let channel: MessageChannel | undefined;

function nextTask(): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => {
      sliceStart = -1;
      if (head < queue.length || incoming.length) drain(SLICE_MS);
    };
  }
  channel.port2.postMessage(0);
}

/** Whether an element's box is within the viewport (all are, for a page that cannot tell). */
function inView(element: Element): boolean {
  const view = viewport();
  if (!view) return true;
  const r = element.getBoundingClientRect();
  return r.bottom >= 0 && r.right >= 0 && r.top <= view.height && r.left <= view.width;
}

/** Adds the renders asked for since the last drain: those in view go before every waiting one. */
function admit(): void {
  if (!incoming.length) return;
  const arrived = incoming;
  incoming = [];
  const waiting = queue.slice(head);
  head = 0;
  if (arrived.length === 1 && !waiting.length) {
    queue = arrived;
    return;
  }
  // One layout read for the lot (nothing was rendered since the page last laid out, or once).
  const out: Pending[] = [];
  queue = [...arrived.filter((p) => inView(p.element) || !out.push(p)), ...waiting, ...out]; // (`push`: a count, never 0)
}

/**
 * Runs the waiting renders until the task's slice has taken `budget` of script: a whole slice in a
 * task of the scheduler's own, half in the task that asked (a microtask of it), which did other
 * work first (an answer's body and outcomes).
 */
function drain(budget = SLICE_MS / 2): void {
  drainQueued = false;
  if (sliceStart < 0) {
    sliceStart = performance.now();
    // The slice of this task ends with it: the next one starts in a task of its own.
    nextTask();
  }
  admit();
  while (head < queue.length) {
    if (performance.now() - sliceStart >= budget) return;
    const pending = queue[head]!;
    queue[head++] = undefined as unknown as Pending;
    pending.run();
  }
  queue = [];
  head = 0;
}

/**
 * Runs `render` for `element` in the current slice (a microtask of this task) when the slice
 * has time left, else in a later one; resolves once it ran, or rejects with what it threw.
 */
export function renderInSlice(element: Element, render: () => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    incoming.push({
      element,
      run: () => {
        try {
          render();
          resolve();
        } catch (error) {
          reject(error);
        }
      },
    });
    if (!drainQueued) {
      drainQueued = true;
      queueMicrotask(drain);
    }
  });
}
