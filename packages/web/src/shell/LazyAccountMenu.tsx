import { lazy, Suspense, useState } from 'react';
import { AccountButton } from './AccountButton';
import type { AccountMenuProps } from './AccountMenu';

const load = () => import('./AccountMenu');
const AccountMenu = lazy(() => load().then((m) => ({ default: m.AccountMenu })));

/**
 * The account menu's button; the menu's code (Mantine's Menu) loads when the pointer or the focus
 * reaches the button and the menu opens on the first click as before (issue 18 point 19: a page
 * opens without it). While it loads, the button stays on screen.
 */
export function LazyAccountMenu(props: AccountMenuProps) {
  const [opened, setOpened] = useState(false);
  const button = (
    <AccountButton
      name={props.user.name}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => setOpened(true)}
    />
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenu {...props} defaultOpened />
    </Suspense>
  );
}
