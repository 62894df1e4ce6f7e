import { Card, Stack, Title } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { ReportBuilder } from './ReportBuilder';
import { SchedulesCard } from './SchedulesCard';

/** The reports tab: the executive summary report builder (spec: inventory-reports-exports-security 2). */
export function ReportsPage() {
  return (
    <Stack>
      {/* The page's one h1 (issue 18.20: every page had one but this). */}
      <PageHeader title="Reports" />
      <Title order={2}>Executive summary report</Title>
      <Card withBorder>
        <ReportBuilder />
      </Card>
      <SchedulesCard />
    </Stack>
  );
}
