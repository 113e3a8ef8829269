/**
 * The sandbox's shapes: its options, its running handle and its in-process data. A leaf, so the
 * service (./core.ts) and the listening wrapper (./index.ts) both read them.
 */
import type { ExplorerContext, ExplorerState } from './explorer/index.js';
import type { SandboxFaults } from './faults.js';
import type { SandboxInfo } from './info.js';
import type { PublicState } from './state.js';
import type { SandboxStats } from './stats.js';

/** Options of `startSandbox()`. */
export interface SandboxOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind; default `127.0.0.1` (loopback only). */
  host?: string;
  /** Also serve the hostile token set (markup, `javascript:` URLs, RTL overrides, 10 000-char names). */
  hostile?: boolean;
  /** Sandbox clock in ms (default `Date.now`); token expiry, timestamps and Explorer timing follow it. */
  now?: () => number;
  /**
   * Origins of the partner pages the widget may render in (its allow-list); any other page
   * gets an empty frame, as on the live service. Default: the demo page (`DEFAULT_WIDGET_ORIGINS`).
   * Change it later through `Sandbox.widgetOrigins`.
   */
  widgetOrigins?: readonly string[];
  /** How the `slow` fault waits (default: a timer); resolves early when `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Explorer settings passed to the Explorer part (seed, envelope, rate limit, watchlist cap). */
  explorer?: Omit<ExplorerContext, 'now'>;
}

/**
 * The sandbox's data, in process: the kit's own tests drive it directly (`@internal`: not in the
 * shipped types). Pages and tests outside the kit drive it through the control API under `/__sandbox/`.
 * @internal
 */
export interface SandboxState {
  /** Public API state: verified-by-widget tokens, hostile set on/off. */
  public: PublicState;
  /** The Explorer API's state (registry, keys, watchlist, clock, switches). */
  explorer: ExplorerState;
}

/** A running sandbox: where it listens, its faults and stats, and how to reset and close it. */
export interface Sandbox {
  info: SandboxInfo;
  origin: string;
  faults: SandboxFaults;
  stats: SandboxStats;
  /** @internal The sandbox's data, in process (see `SandboxState`). */
  state: SandboxState;
  /**
   * The widget's allow-list of partner page origins (configuration: `reset()` keeps it).
   * Add with `allowWidgetOrigin`, which checks the value.
   */
  readonly widgetOrigins: ReadonlySet<string>;
  /** Adds a partner page origin (`https://partner.example`) to the widget's allow-list; throws for anything else. */
  allowWidgetOrigin(origin: string): void;
  /** Clears faults and stats and puts all state back to the seed data. */
  reset(): void;
  close(): Promise<void>;
}
