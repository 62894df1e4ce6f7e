import type { SessionResponse } from '@lifeboat/contract';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './App';
import { createQueryClient } from './api/queryClient';
import { prefetchLanding } from './routes/landing';
import { connectApiClient, sessionKeys } from './session/session';

export { preloadShell } from './routes/landing';

/** The app: router, Mantine and the query cache, with the session the sign-in page already has. */
export function renderApp(root: Root, session: SessionResponse | null): void {
  const queryClient = createQueryClient();
  connectApiClient(queryClient);
  if (session) {
    queryClient.setQueryData(sessionKeys.current(), session);
    // The app opens on /login with a session and goes on from there (LoginRoute).
    if (window.location.pathname === '/login')
      prefetchLanding(queryClient, session.user, (window.history.state as { usr?: unknown } | null)?.usr);
  }
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
