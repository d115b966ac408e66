import { render } from 'preact';
import { App } from './app.js';
import { Session } from './session.js';
import './styles.css';

const session = new Session();
render(<App session={session} />, document.getElementById('app')!);
void session.restore();
addEventListener('pagehide', () => void session.save());

// Offline once loaded: the service worker keeps every file this site served, the model included once it was used.
if (import.meta.env.PROD && 'serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register(new URL('./sw.js', document.baseURI)).catch(() => undefined);
}
