import { Tooltip } from '@mantine/core';
import { healthColour, healthLabel } from './statusColour';
import { ToneBadge } from './ToneBadge';

/** A device's health as a coloured badge; parked shows its tooltip (spec 4). */
export function StatusBadge({ status, parkedTooltip }: { status: string; parkedTooltip?: string | null }) {
  const badge = (
    <ToneBadge
      colour={healthColour(status)}
      data-testid="device-status"
      aria-label={parkedTooltip ? `${healthLabel(status)}. ${parkedTooltip}` : undefined}
    >
      {healthLabel(status)}
    </ToneBadge>
  );
  if (!parkedTooltip) return badge;
  return (
    <Tooltip label={parkedTooltip} withArrow multiline w={240}>
      {badge}
    </Tooltip>
  );
}
