import { Alert, Button, Card, Tabs } from '@mantine/core';
import { Link } from 'react-router';
import { useCall } from '../../api/useCall';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { usePageLinks } from '../../components/usePageLinks';
import { useRight } from '../../session/session';
import { WebhooksTab } from '../alerts/webhooks/WebhooksTab';
import { AzureRestoreTab } from '../azure/AzureRestoreTab';
import { AlertRuleTab } from './AlertRuleTab';
import { FailoverApprovalTab } from './FailoverApprovalTab';
import { OfficeNetworkTab } from './OfficeNetworkTab';
import { OrgThresholdsForm } from './OrgThresholdsForm';
import { type SettingsLevel, thresholdCalls } from './settingsQueries';
import { UpdateSchedulesPanel } from './UpdateSchedulesPanel';

// The reseller and client settings pages (issue 17.4; dashboard-device-azure 2.1 routes), in
// tabs: alert thresholds; the alert rule and its routing (issue 27.3); a client's virtual office network; a reseller's appliance update schedules
// and its production-failover approval rule (issue 16.4); for the provider's staff, a reseller's Azure
// direct restore switch (issue 14.6).

interface Props {
  level: SettingsLevel;
  id: number;
}

export function OrgSettingsPage({ level, id }: Props) {
  const thresholds = useCall(thresholdCalls[level].get, { params: { id } });
  const { page } = usePageLinks();
  const staffSwitches = useRight('manage_platform') && level === 'reseller';
  const back =
    level === 'client'
      ? page('clients', `/client/details/${id}`, 'Back to the client')
      : page('reseller-dashboard', `/reseller/details/${id}`, 'Back to the dashboard');
  const noun = level === 'client' ? 'Client' : 'Reseller';
  if (thresholds.isPending) return <PageLoader />;
  if (thresholds.isError) return <Alert color="red">{thresholds.error.message}</Alert>;
  return (
    <>
      <PageHeader
        title={`${noun} settings`}
        eyebrow={thresholds.data.name}
        subtitle={
          level === 'client'
            ? "Settings for this client's systems."
            : "Settings for this reseller's systems and its clients' (unless a client sets its own)."
        }
        actions={
          back && (
            <Button component={Link} to={back.to} variant="default">
              {back.label}
            </Button>
          )
        }
      />
      <Card withBorder padding="lg" radius="md" mt="lg">
        <Tabs defaultValue="thresholds" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="thresholds">Alert thresholds</Tabs.Tab>
            <Tabs.Tab value="alert-rule">Alert rule</Tabs.Tab>
            {level === 'client' && <Tabs.Tab value="office">Virtual office</Tabs.Tab>}
            {level === 'reseller' && <Tabs.Tab value="updates">Update schedules</Tabs.Tab>}
            {level === 'reseller' && <Tabs.Tab value="failover">Failover approval</Tabs.Tab>}
            {level === 'reseller' && <Tabs.Tab value="webhooks">Webhooks</Tabs.Tab>}
            {staffSwitches && <Tabs.Tab value="azure">Azure direct restore</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="thresholds">
            <OrgThresholdsForm level={level} id={id} settings={thresholds.data} />
          </Tabs.Panel>
          <Tabs.Panel value="alert-rule">
            <AlertRuleTab level={level} id={id} />
          </Tabs.Panel>
          {level === 'client' && (
            <Tabs.Panel value="office">
              <OfficeNetworkTab clientId={id} />
            </Tabs.Panel>
          )}
          {level === 'reseller' && (
            <Tabs.Panel value="updates">
              <UpdateSchedulesPanel resellerId={id} />
            </Tabs.Panel>
          )}
          {level === 'reseller' && (
            <Tabs.Panel value="failover">
              <FailoverApprovalTab resellerId={id} />
            </Tabs.Panel>
          )}
          {level === 'reseller' && (
            <Tabs.Panel value="webhooks">
              <WebhooksTab resellerId={id} />
            </Tabs.Panel>
          )}
          {staffSwitches && (
            <Tabs.Panel value="azure">
              <AzureRestoreTab resellerId={id} />
            </Tabs.Panel>
          )}
        </Tabs>
      </Card>
    </>
  );
}
