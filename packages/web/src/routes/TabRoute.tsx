import { visibleTabs } from '@lifeboat/contract';
import { useParams } from 'react-router';
import { NoAccessPage } from '../components/NoAccessPage';
import { NotFoundPage } from '../components/NotFoundPage';
import { useCurrentUser } from '../session/session';
import { ROUTE_PAGES } from './routePages';
import { internalPath, isTab, matchAppRoute } from './tabPaths';

/** /home/{tab}: the friendly url shows the page of the tab's internal route. */
export function TabRoute() {
  const { tab } = useParams();
  const user = useCurrentUser();
  if (!isTab(tab)) return <NotFoundPage />;
  if (!visibleTabs(user).includes(tab)) return <NoAccessPage />;
  const match = matchAppRoute(internalPath(tab, user));
  if (!match) return <NotFoundPage />;
  return ROUTE_PAGES[match.pattern](match.params);
}
