import type { Tab } from '@lifeboat/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { friendlyPath, TAB_LABELS } from '../routes/tabPaths';
import classes from './TabNav.module.css';

interface TabNavProps {
  tabs: readonly Tab[];
  active: Tab | null;
  pathname: string;
}

/**
 * The console's tabs as links (each switch is a real history entry, so back and forward work).
 * The tab of the current page is marked with aria-current: "page" on the tab's own url,
 * "true" on a page inside it (a device under Devices).
 */
export function TabNav({ tabs, active, pathname }: TabNavProps) {
  const activeRef = useRef<HTMLAnchorElement>(null);

  // Keep the current tab in view when the tab strip scrolls sideways on a narrow screen.
  useEffect(() => {
    if (active) activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  return (
    <nav aria-label="Main" className={classes.nav}>
      <ul className={classes.list}>
        {tabs.map((tab) => {
          const to = friendlyPath(tab);
          const current = tab === active ? (pathname === to ? 'page' : 'true') : undefined;
          return (
            <li key={tab} className={classes.item}>
              <Link
                to={to}
                className={classes.tab}
                aria-current={current}
                ref={current ? activeRef : undefined}
                data-tab={tab}
              >
                {TAB_LABELS[tab]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
