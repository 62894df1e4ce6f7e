import { HEALTH_LABELS, type Health, plural } from '@lifeboat/contract';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HealthBadge as SharedHealthBadge } from '../../components/HealthBadge';

// Small cell renderers shared by the entity tables.

const numFmt = new Intl.NumberFormat('en-US');

// Dates come from the app's one formatter (issue 18.14).
export { formatDate } from '../../format/dateTime';
export const formatCount = (n: number) => numFmt.format(n);

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v >= 10 || i === 0 ? Math.round(v) : v.toFixed(1)} ${units[i]}`;
}

// Labels are the contract's, the same words as the dashboard and device pages.
export const HEALTH_OPTIONS = (Object.keys(HEALTH_LABELS) as Health[]).map((h) => ({
  value: h,
  label: HEALTH_LABELS[h],
}));

/**
 * A status badge: the colour is the dot, the text keeps the page's text colour, so it reads at
 * WCAG AA contrast whatever the colour (a light badge's tinted text does not).
 */
export function SoftBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge variant="dot" color={color}>
      {children}
    </Badge>
  );
}

/** An organisation's health: the app's one health badge (issue 18.18). */
export function HealthBadge({ health }: { health: Health | null }) {
  if (!health) return <Text c="dimmed">No devices</Text>;
  return <SharedHealthBadge status={health} />;
}

/**
 * A client's health: its worst system's badge, and its unprotected systems named when the badge
 * says otherwise (the dashboard's "Unprotected clients" link lists the client for them).
 */
export function ClientHealth({ health, unprotected }: { health: Health | null; unprotected: number }) {
  if (!health || health === 'UNPROTECTED' || unprotected === 0) return <HealthBadge health={health} />;
  return (
    <Stack gap={2} align="flex-start">
      <HealthBadge health={health} />
      <Text size="xs" c="dimmed" data-unprotected>
        {plural(unprotected, 'unprotected system')}
      </Text>
    </Stack>
  );
}

export function StatusBadge({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return <SoftBadge color={ok ? 'green' : 'gray'}>{ok ? yes : no}</SoftBadge>;
}

/** The row's name, a link to its page when it has one. */
export function NameCell({ to, children }: { to?: string; children: ReactNode }) {
  return to ? (
    <Anchor component={Link} to={to} fw={500}>
      {children}
    </Anchor>
  ) : (
    <Text fw={500}>{children}</Text>
  );
}
