/**
 * kyi-elements in React 19: properties and custom events work natively, and
 * `kyi-elements/jsx` types them (a misspelt prop or a wrong event type fails `tsc`).
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../../../src/entries/define.js';
import type {} from '../../../src/frameworks/jsx.js';
import type { KyiLookupStatus } from '../../../src/browser/events.js';

const PYUSD = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/token:2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo';

function App() {
  const [status, setStatus] = useState<KyiLookupStatus | 'waiting'>('waiting');
  return (
    <main>
      <h1>React 19</h1>
      <kyi-token-status caip19={PYUSD} onkyi-status={(e) => setStatus(e.detail.status)} />
      <p id="react-status">Status from the kyi-status event: {status}</p>
      <kyi-asset-card chain="solana" address="2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo" />
      <kyi-badge variant="full" theme="light" />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
