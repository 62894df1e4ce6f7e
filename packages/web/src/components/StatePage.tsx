import { Button, EmptyState, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from './PageHeader';

interface StatePageProps {
  title: string;
  heading: string;
  description: ReactNode;
  icon: ReactNode;
  color?: string;
  homePath: string;
  children?: ReactNode;
}

/** A full-page state (no access, not found) that always leads back home. */
export function StatePage({ title, heading, description, icon, color, homePath, children }: StatePageProps) {
  return (
    <Stack gap="lg">
      <PageHeader title={title} />
      <Paper withBorder radius="md" px="md" py={48}>
        <EmptyState icon={icon} variant="light" color={color} title={heading} description={description}>
          <EmptyState.Actions>
            <Group gap="sm" justify="center">
              <Button component={Link} to={homePath}>
                Go to your home page
              </Button>
              {children}
            </Group>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </Stack>
  );
}
