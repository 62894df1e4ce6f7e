import { Alert, Skeleton } from '@mantine/core';
import { DashboardTables } from './DashboardTables';
import { usePageData } from './dashboardApi';

/** The client page's tables: the dashboard's three tables scoped to one client (issue 3, point 9). */
export function ClientTables({ clientId }: { clientId: number }) {
  const page = usePageData('client', clientId);
  if (page.error) {
    return (
      <Alert color="red" title="This client's systems could not be loaded">
        {page.error.message}
      </Alert>
    );
  }
  if (!page.data) return <Skeleton height={320} radius="md" aria-busy="true" />;
  return <DashboardTables page={page.data} />;
}

/** The client's name from the same page data, once loaded. */
export function useClientName(clientId: number): string | undefined {
  return usePageData('client', clientId).data?.name;
}
