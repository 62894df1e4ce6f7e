import { Card, Stack, Title } from '@mantine/core';
import { ReportBuilder } from './ReportBuilder';
import { SchedulesCard } from './SchedulesCard';

/** The reports tab: the executive summary report builder (spec: inventory-reports-exports-security 2). */
export function ReportsPage() {
  return (
    <Stack>
      <Title order={2}>Executive summary report</Title>
      <Card withBorder>
        <ReportBuilder />
      </Card>
      <SchedulesCard />
    </Stack>
  );
}
