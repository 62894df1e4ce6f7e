import '@mantine/core/styles.css';
import './styles/theme-variables.css';
import './styles/global.css';
import type { SessionResponse } from '@lifeboat/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SignInBoot } from './auth/SignInBoot';

// The first script a browser loads holds React and the sign-in page only (issue 18 point 19:
// under 100 KB of gzipped JavaScript): /login renders without the app; every other address, and
// /login once someone has signed in, loads the app (router, Mantine, query cache) from AppMain.

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);

function startApp(session: SessionResponse | null = null): void {
  void import('./AppMain').then((m) => m.renderApp(root, session));
}

// Once the sign-in form is used: the app's code, then the shell's, load while the user types
// and while the sign-in is checked, instead of after its answer.
let preloading = false;
function preloadApp(): void {
  if (preloading) return;
  preloading = true;
  void import('./AppMain').then((m) => m.preloadShell());
}

if (window.location.pathname === '/login') {
  root.render(
    <StrictMode>
      <SignInBoot start={startApp} preload={preloadApp} />
    </StrictMode>,
  );
} else {
  startApp();
}
