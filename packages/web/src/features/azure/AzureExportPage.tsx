import {
  AZURE_STEPS,
  type AzureStep,
  azureStepEnabled,
  azureStepIcon,
  azureStepSelected,
} from '@lifeboat/contract';
import { Accordion, Alert, Center, Grid, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { landingPath } from '../../routes/tabPaths';
import { useCurrentUser } from '../../session/session';
import { AzureHelpCards } from './AzureHelpCards';
import { ClientStep } from './steps/ClientStep';
import { DeviceStep } from './steps/DeviceStep';
import { LoginStep } from './steps/LoginStep';
import { PointStep } from './steps/PointStep';
import { ResourceGroupStep } from './steps/ResourceGroupStep';
import { StorageAccountStep } from './steps/StorageAccountStep';
import { SummaryStep } from './steps/SummaryStep';
import { type AzureWizard, useAzureWizard } from './useAzureWizard';

// Azure direct restore (/azure_export/view; spec: dashboard-device-azure 2.5, 4 'Azure wizard'):
// seven accordions in the spec's order, one open at a time, each disabled until its prerequisites
// exist, with a warning, information or success icon; the help cards on the right.

const TITLES: Record<AzureStep, string> = {
  client: 'Client',
  device: 'Protected system',
  restorePoint: 'Restore point',
  login: 'Sign in to Azure',
  resourceGroup: 'Resource group',
  storageAccount: 'Storage account',
  summary: 'Summary',
};

const ICON = {
  warning: { color: 'yellow', glyph: '!', label: 'To do' },
  info: { color: 'blue', glyph: 'i', label: 'In progress' },
  success: { color: 'teal', glyph: '✓', label: 'Done' },
} as const;

function body(step: AzureStep, w: AzureWizard, home: string): ReactNode {
  switch (step) {
    case 'client':
      return <ClientStep w={w} />;
    case 'device':
      return <DeviceStep w={w} />;
    case 'restorePoint':
      return <PointStep w={w} />;
    case 'login':
      return <LoginStep w={w} visible={w.open === 'login'} />;
    case 'resourceGroup':
      return <ResourceGroupStep w={w} />;
    case 'storageAccount':
      return <StorageAccountStep w={w} />;
    case 'summary':
      return <SummaryStep w={w} home={home} />;
  }
}

export function AzureExportPage() {
  const user = useCurrentUser();
  const w = useAzureWizard();
  const home = landingPath(user);
  const steps = AZURE_STEPS.filter((s) => s !== 'client' || w.user?.isReseller);
  return (
    <Stack gap="lg">
      <PageHeader
        eyebrow="Recovery"
        title="Restore to Azure"
        subtitle="Copy a protected system's restore point into a storage account of your customer's Azure tenant."
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {w.error ? (
            <Alert color="red" title="Restore to Azure could not be opened">
              {w.error.message}
            </Alert>
          ) : w.loading ? (
            <Center h={240}>
              <Loader aria-label="Loading the restore wizard" />
            </Center>
          ) : (
            <Accordion
              variant="separated"
              radius="md"
              value={w.open}
              onChange={(v) => w.setOpen(v as AzureStep | null)}
            >
              {steps.map((step) => {
                const enabled = azureStepEnabled(step, w.sel);
                const selected = azureStepSelected(step, w.sel);
                const icon = ICON[azureStepIcon(selected, w.open === step)];
                const chosen = step === 'summary' ? undefined : w.labels[step];
                return (
                  <Accordion.Item key={step} value={step} data-testid={`azure-step-${step}`}>
                    <Accordion.Control
                      disabled={!enabled}
                      icon={
                        <ThemeIcon
                          color={icon.color}
                          variant="light"
                          radius="xl"
                          size="sm"
                          aria-label={icon.label}
                        >
                          <Text size="xs" fw={700}>
                            {icon.glyph}
                          </Text>
                        </ThemeIcon>
                      }
                    >
                      <Text fw={600}>{TITLES[step]}</Text>
                      {selected && chosen && (
                        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {chosen}
                        </Text>
                      )}
                    </Accordion.Control>
                    <Accordion.Panel>{enabled && w.open === step && body(step, w, home)}</Accordion.Panel>
                  </Accordion.Item>
                );
              })}
            </Accordion>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <AzureHelpCards />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
