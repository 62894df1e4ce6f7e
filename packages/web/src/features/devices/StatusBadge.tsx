import { HealthBadge } from '../../components/HealthBadge';

/** A device's health: the app's one health badge; parked shows its tooltip (spec 4, issue 18.18). */
export function StatusBadge({ status, parkedTooltip }: { status: string; parkedTooltip?: string | null }) {
  return <HealthBadge status={status} supportText={parkedTooltip} testId="device-status" />;
}
