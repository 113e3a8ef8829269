/**
 * web-test-runner plugin: a failing assertion about a DOM node is reported as a failure, not as
 * a run that never ends.
 *
 * The browser sends its results through `stable()` in `/__web-dev-server__web-socket.js`, which
 * starts with `structuredClone(message)`. A chai error keeps the values it compared (`actual`,
 * `expected`); when one is a node, a window or a function, the clone throws, the session's
 * results are never sent, and the whole run waits out `testsFinishTimeout` with no word of which
 * test failed (modernweb-dev/web#2967, fixed only in @web/dev-server-core 1.x, which needs
 * Node 22). This plugin rewrites that one call: what clones is sent as it is; what does not is
 * sent with each uncloneable value replaced by a short description (`<iframe title="…">`).
 */

/** The served module this plugin rewrites, and the call in it. */
export const WEB_SOCKET_MODULE = '/__web-dev-server__web-socket.js';
const CLONE_CALL = 'var target = structuredClone(obj)';

/** Browser code appended to the module (a function declaration: hoisted, no imports). */
const CLONE_FOR_REPORT = String.raw`
function cloneForReport(value) {
  try {
    return structuredClone(value);
  } catch {
    return structuredClone(reportable(value, new Map()));
  }
}
function reportable(value, seen) {
  if (typeof value === 'function') return '[function ' + (value.name || 'anonymous') + ']';
  if (typeof value === 'symbol') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return seen.get(value);
  try {
    if (typeof Node === 'function' && value instanceof Node) return describeNode(value);
    if (value === value.window) return '[Window]';
    structuredClone(value);
    return value;
  } catch {
    // not cloneable as a whole (or a cross-origin window): copied field by field below
  }
  let copy;
  try {
    if (Array.isArray(value)) {
      copy = [];
      seen.set(value, copy);
      for (const item of value) copy.push(reportable(item, seen));
      return copy;
    }
    copy = {};
    seen.set(value, copy);
    for (const key of Object.keys(value)) copy[key] = reportable(value[key], seen);
    if (value instanceof Error) for (const key of ['name', 'message', 'stack']) copy[key] = String(value[key]);
    return copy;
  } catch {
    return '[' + Object.prototype.toString.call(value).slice(8, -1) + ']';
  }
}
function describeNode(node) {
  if (node.nodeType === Node.ELEMENT_NODE) {
    const html = node.outerHTML;
    const open = html.slice(0, html.indexOf('>') + 1) || '<' + node.localName + '>';
    return open.length > 200 ? open.slice(0, 199) + '…' : open;
  }
  return '[' + node.nodeName + ']';
}
`;

let warned = false;

/** The module's code with the clone made safe, or `undefined` (and a warning) if its shape changed. */
export function cloneSafeWebSocketModule(code: string): string | undefined {
  if (!code.includes(CLONE_CALL)) {
    if (!warned) {
      warned = true;
      console.warn(
        `kyi test harness: ${WEB_SOCKET_MODULE} no longer holds "${CLONE_CALL}"; results are sent unchanged (a failed assertion about a DOM node may stall the run until testsFinishTimeout).`,
      );
    }
    return undefined;
  }
  return code.replace(CLONE_CALL, 'var target = cloneForReport(obj)') + CLONE_FOR_REPORT;
}

export function cloneSafeReports() {
  return {
    name: 'kyi-clone-safe-reports',
    transform(context: { path: string; body: unknown }) {
      if (context.path !== WEB_SOCKET_MODULE || typeof context.body !== 'string') return undefined;
      const body = cloneSafeWebSocketModule(context.body);
      return body === undefined ? undefined : { body };
    },
  };
}
