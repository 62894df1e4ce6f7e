import { type Tab, visibleTabs } from '@lifeboat/contract';
import { friendlyPath, landingPath, TAB_LABELS } from '../routes/tabPaths';
import { useCurrentUser } from '../session/session';
import type { PlaceholderLink } from './PlaceholderPage';

/** Links a page may offer, limited to the tabs the signed-in user can open. */
export function usePageLinks() {
  const user = useCurrentUser();
  const visible = visibleTabs(user);
  return {
    user,
    visible,
    home: { to: landingPath(user), label: 'Go to your home page' } satisfies PlaceholderLink,
    tab(tab: Tab, label?: string): PlaceholderLink | null {
      if (!visible.includes(tab)) return null;
      return { to: friendlyPath(tab), label: label ?? `Go to ${TAB_LABELS[tab].toLowerCase()}` };
    },
    /** A link to a page that belongs to a tab, offered only when the user sees that tab. */
    page(tab: Tab, to: string, label: string): PlaceholderLink | null {
      return visible.includes(tab) ? { to, label } : null;
    },
  };
}
