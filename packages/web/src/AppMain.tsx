import type { SessionResponse } from '@lifeboat/contract';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './App';
import { createQueryClient } from './api/queryClient';
import { connectApiClient, sessionKeys } from './session/session';

/** The app: router, Mantine and the query cache, with the session the sign-in page already has. */
export function renderApp(root: Root, session: SessionResponse | null): void {
  const queryClient = createQueryClient();
  if (session) queryClient.setQueryData(sessionKeys.current(), session);
  connectApiClient(queryClient);
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
