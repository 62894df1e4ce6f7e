import '@mantine/core/styles.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { configureApiClient } from './api/client';
import { createQueryClient } from './api/queryClient';
import { createAppRouter } from './routes/router';
import { clearSession, readCsrfToken, sessionKeys } from './session/session';

const queryClient = createQueryClient();
const router = createAppRouter();

configureApiClient({
  csrfToken: () => readCsrfToken(queryClient),
  // A 401 on an ordinary call means the session ended (idle or absolute timeout, signed out
  // elsewhere): forget it; RequireSession then shows the login page and comes back here after.
  onUnauthorized: () => {
    if (!queryClient.getQueryData(sessionKeys.current())) return;
    clearSession(queryClient, 'ended');
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
