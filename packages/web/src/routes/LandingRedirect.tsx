import { Navigate } from 'react-router';
import { useCurrentUser } from '../session/session';
import { landingPath } from './tabPaths';

/** / and /home: on to the user's landing page. */
export function LandingRedirect() {
  return <Navigate to={landingPath(useCurrentUser())} replace />;
}
