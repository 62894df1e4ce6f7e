import { Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { IconArrowLeft } from './icons';
import { PageHeader } from './PageHeader';
import classes from './PlaceholderPage.module.css';

export interface PlaceholderLink {
  to: string;
  label: string;
}

interface PlaceholderPageProps {
  title: string;
  subtitle?: ReactNode;
  eyebrow?: string;
  icon: ReactNode;
  /** What this page will show, in one sentence. */
  summary: string;
  /** The main parts the finished page will have. */
  parts?: string[];
  /** Where to go from here, best first; a page is never a dead end. Nulls are skipped. */
  links: (PlaceholderLink | null)[];
}

/**
 * An honest stand-in for a page whose content comes in a later issue: it names the page, says
 * what it will show, and links onwards.
 */
export function PlaceholderPage({
  title,
  subtitle,
  eyebrow,
  icon,
  summary,
  parts,
  links,
}: PlaceholderPageProps) {
  const { pathname } = useLocation();
  // Skip links to this very page and repeated targets (a tab may be its own home page).
  const usable = links.filter((l): l is PlaceholderLink => l !== null && l.to !== pathname);
  const unique = usable.filter((l, i) => usable.findIndex((o) => o.to === l.to) === i);
  const [primary, ...others] = unique;
  return (
    <Stack gap="lg">
      <PageHeader title={title} subtitle={subtitle} eyebrow={eyebrow} />
      <Paper withBorder radius="md" px={{ base: 'md', sm: 'xl' }} py={{ base: 'xl', sm: 48 }}>
        <EmptyState
          icon={icon}
          variant="light"
          size="md"
          title="This page is being built"
          description={summary}
        >
          {parts && parts.length > 0 && (
            <div className={classes.parts}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.05em' }}>
                What it will show
              </Text>
              <ul className={classes.partsList}>
                {parts.map((p) => (
                  <li key={p} className={classes.part}>
                    {p}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <EmptyState.Actions>
            <Group gap="sm" justify="center">
              {primary && (
                <Button
                  component={Link}
                  to={primary.to}
                  leftSection={primary.label.startsWith('Back') ? <IconArrowLeft size={16} /> : undefined}
                >
                  {primary.label}
                </Button>
              )}
              {others.map((l) => (
                <Button key={l.to} component={Link} to={l.to} variant="default">
                  {l.label}
                </Button>
              ))}
            </Group>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </Stack>
  );
}
