import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { prefetchLanding, preloadShell } from '../routes/landing';
import { landingPath } from '../routes/tabPaths';
import { applySignIn, useSession } from '../session/session';
import { LoginPage } from './LoginPage';
import { readLoginState } from './loginState';

/**
 * /login inside the app (after signing out, or when a session ends): the form, or straight on to
 * where the user was going once a session exists. A browser that opens /login first gets the
 * same page without the app around it (SignInBoot.tsx).
 */
export function LoginRoute() {
  const session = useSession();
  const client = useQueryClient();
  const { from, reason } = readLoginState(useLocation().state);

  if (session.isPending) return <PageLoader fullScreen />;
  if (session.data) return <Navigate to={from ?? landingPath(session.data.user)} replace />;
  return (
    <LoginPage
      reason={reason}
      onUse={preloadShell}
      onSignedIn={(s) => {
        applySignIn(client, s);
        prefetchLanding(client, s.user, from === undefined ? null : { from });
      }}
    />
  );
}
