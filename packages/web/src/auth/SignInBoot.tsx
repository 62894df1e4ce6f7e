import type { SessionResponse } from '@lifeboat/contract';
import { useEffect, useState } from 'react';
import { PageLoader } from '../components/PageLoader';
import { fetchSession } from '../session/sessionApi';
import { LoginPage } from './LoginPage';
import { readLoginState } from './loginState';

/**
 * /login opened by the browser: the sign-in page on its own, without the router, Mantine's
 * JavaScript or the query cache, which load once someone is signed in (issue 18 point 19: the
 * sign-in page's JavaScript budget). `start` loads the app with the session; the app's /login
 * route then goes on to where the user was going (router state, kept in history.state).
 */
export function SignInBoot({
  start,
  preload,
}: {
  start: (session: SessionResponse | null) => void;
  /** Loads the app's code ahead, once the form is used. */
  preload?: () => void;
}) {
  const [probe, setProbe] = useState<'pending' | 'signed-out'>('pending');
  const { reason } = readLoginState((window.history.state as { usr?: unknown } | null)?.usr);

  useEffect(() => {
    let live = true;
    fetchSession().then(
      (session) => {
        if (!live) return;
        if (session) start(session);
        else setProbe('signed-out');
      },
      // The server cannot be reached: the app shows that, with a way to try again.
      () => live && start(null),
    );
    return () => {
      live = false;
    };
  }, [start]);

  if (probe === 'pending') return <PageLoader fullScreen />;
  return <LoginPage reason={reason} onSignedIn={start} onUse={preload} />;
}
