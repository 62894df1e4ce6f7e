import { visibleTabs } from '@lifeboat/contract';
import { useParams } from 'react-router';
import { NoAccessPage } from '../components/NoAccessPage';
import { useCurrentUser } from '../session/session';
import { ROUTE_PAGES } from './routePages';
import { type AppRoutePattern, canOpenRoute } from './tabPaths';

/** A page route: its page if one of its tabs is the user's, the no-access state otherwise. */
export function AppRoute({ pattern }: { pattern: AppRoutePattern }) {
  const user = useCurrentUser();
  const params = useParams();
  if (!canOpenRoute(pattern, visibleTabs(user))) return <NoAccessPage />;
  return ROUTE_PAGES[pattern](params);
}
