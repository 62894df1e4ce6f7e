import { visibleTabs } from '@lifeboat/contract';
import { AppShell, Container } from '@mantine/core';
import '@mantine/notifications/styles.css';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { RecoveryWizardProvider } from '../features/recovery/RecoveryWizardProvider';
import { MfaGate, MfaReminder } from '../features/security/MfaGate';
import { tabForPath } from '../routes/tabPaths';
import { useCurrentUser } from '../session/session';
import { useUserTimeZone } from '../session/useTimeZone';
import { LazyNotifications } from './LazyNotifications';
import classes from './Shell.module.css';
import { ShellBar } from './ShellBar';
import { TabNav } from './TabNav';

// Top bar (56 px) and tab strip (44 px) plus the header's bottom border.
const HEADER_HEIGHT = 101;

/** The signed-in frame: header with tabs, and the page of the current route below. */
export function AppLayout() {
  const user = useCurrentUser();
  useUserTimeZone(user.timeZone);
  const tabs = visibleTabs(user);
  const { pathname } = useLocation();
  const active = tabForPath(pathname, tabs);

  return (
    <RecoveryWizardProvider>
      <AppShell header={{ height: HEADER_HEIGHT }} padding={0}>
        <LazyNotifications />
        <a href="#main" className={classes.skip}>
          Skip to content
        </a>
        <AppShell.Header className={classes.header}>
          <ShellBar user={user} />
          <TabNav tabs={tabs} active={active} pathname={pathname} />
        </AppShell.Header>
        <AppShell.Main id="main" tabIndex={-1} className={classes.main}>
          <Container
            fluid
            px={{ base: 16, sm: 24 }}
            py={{ base: 'lg', sm: 'xl' }}
            className={classes.content}
          >
            <MfaGate />
            <MfaReminder />
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Container>
        </AppShell.Main>
      </AppShell>
    </RecoveryWizardProvider>
  );
}
