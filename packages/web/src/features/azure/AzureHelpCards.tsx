import { Button, Card, List, Stack, Text, Title } from '@mantine/core';

// The right column (dashboard-device-azure 2.5): the help card's three buttons open external
// pages in a new tab; each address can be set at build time (VITE_AZURE_HELP_*).
const env = import.meta.env as Record<string, string | undefined>;
const HELP = [
  {
    label: 'Recovery methods',
    href:
      env.VITE_AZURE_HELP_RECOVERY_URL ??
      'https://learn.microsoft.com/azure/virtual-machines/disks-upload-vhd-to-managed-disk-powershell',
  },
  {
    label: 'Live training',
    href: env.VITE_AZURE_HELP_TRAINING_URL ?? 'https://learn.microsoft.com/training/azure/',
  },
  {
    label: 'Contact support',
    href: env.VITE_AZURE_HELP_SUPPORT_URL ?? 'https://azure.microsoft.com/support/',
  },
];

export function AzureHelpCards() {
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="xs">
          Need help?
        </Title>
        <Stack gap="xs">
          {HELP.map((h) => (
            <Button
              key={h.label}
              component="a"
              href={h.href}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              fullWidth
            >
              {h.label}
            </Button>
          ))}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4">
          Restore to Azure
        </Title>
        <Text size="sm" fw={600} mt="sm">
          What it is
        </Text>
        <Text size="sm">
          A copy of a protected system's cloud restore point, written as disks (page blobs) into a storage
          account of your customer's own Azure tenant.
        </Text>
        <Text size="sm" fw={600} mt="sm">
          Why use it
        </Text>
        <Text size="sm">
          To bring a system up in Azure after a disaster, or to keep an independent copy in the customer's
          cloud.
        </Text>
        <Text size="sm" fw={600} mt="sm">
          What you need
        </Text>
        <List size="sm" spacing={2}>
          <List.Item>An Azure account of the customer's tenant that may create blobs</List.Item>
          <List.Item>A resource group with a general-purpose storage account</List.Item>
          <List.Item>The system's password, when it is password protected</List.Item>
        </List>
      </Card>
    </Stack>
  );
}
