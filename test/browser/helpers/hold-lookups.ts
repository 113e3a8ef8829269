/**
 * Holds every `POST …/lookup` at the browser boundary until `release()`, then lets it through
 * to the real proxy: a deliberately slow lookup that touches no shared sandbox state (a sandbox
 * `slow` fault would slow every test file running beside this one) and waits on no clock.
 */
export function holdLookupPosts(): { readonly held: number; release(): void; restore(): void } {
  const original = window.fetch;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if ((init?.method ?? 'GET').toUpperCase() !== 'POST' || !/\/lookup$/.test(new URL(url, location.href).pathname))
      return original.call(window, input, init);
    held++;
    return gate.then(() => original.call(window, input, init));
  } as typeof fetch;
  return {
    get held() {
      return held;
    },
    release: () => open(),
    restore() {
      open();
      window.fetch = original;
    },
  };
}
