import { HEALTH_LABELS, type Health, type HealthColour, healthColour } from '@lifeboat/contract';
import { Badge } from '@mantine/core';
import { CellTooltip } from './CellTooltip';

/** Mantine colours for the spec's health colours (spec 4 'Health values and colours'). */
// Shades chosen so the badge text keeps WCAG AA contrast (4.5:1) at badge size.
export const MANTINE_HEALTH: Record<HealthColour, { color: string; variant: 'filled' | 'light' }> = {
  red: { color: 'red.9', variant: 'filled' },
  yellow: { color: 'yellow.4', variant: 'filled' },
  green: { color: '#1e7b34', variant: 'filled' },
  grey: { color: 'gray.7', variant: 'filled' },
  'light-grey': { color: 'gray.3', variant: 'filled' },
};

/** Text colours for good and bad outcomes in cells, with AA contrast on white. */
export const TEXT_GOOD = '#1e7b34';
export const TEXT_BAD = 'red.9';

export function healthLabel(status: string): string {
  return HEALTH_LABELS[status as Health] ?? status;
}

/**
 * A health value as a coloured badge, the one badge of every page and table (issue 18.18: the
 * dashboard, inventory, entity tables and device pages); its support text (and the parked note)
 * as a tooltip.
 */
export function HealthBadge({
  status,
  supportText,
  testId,
}: {
  status: string;
  supportText?: string | null;
  testId?: string;
}) {
  const { color, variant } = MANTINE_HEALTH[healthColour(status)];
  const badge = (
    <Badge
      color={color}
      variant={variant}
      autoContrast
      radius="sm"
      size="sm"
      miw="max-content"
      data-health={status}
      data-testid={testId}
    >
      {healthLabel(status)}
    </Badge>
  );
  if (!supportText) return badge;
  return <CellTooltip label={supportText}>{badge}</CellTooltip>;
}
