import { render } from 'preact';
import { App } from './app.js';
import { Session } from './session.js';
import './styles.css';

const session = new Session();
render(<App session={session} />, document.getElementById('app')!);
// Once the page is shown and idle, the reader workers start, so that a first scan does not wait for them.
const whenIdle = (run: () => void): void => void ('requestIdleCallback' in self ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));
void session.restore().then(() => whenIdle(() => session.prepareReaders()));
addEventListener('pagehide', () => void session.flushSave());

// Offline once loaded: the service worker keeps every file this site served, the model included once it was used.
if (import.meta.env.PROD && 'serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register(new URL('./sw.js', document.baseURI)).catch(() => undefined);
}
