import { type AlertRow, SEVERITY_LABEL } from '@lifeboat/contract';
import { Badge } from '@mantine/core';

const SEVERITY_COLOUR: Record<AlertRow['severity'], string> = {
  critical: 'red.8',
  warning: 'orange.9',
  info: 'blue.8',
};

export function SeverityBadge({ severity }: { severity: AlertRow['severity'] }) {
  return (
    <Badge color={SEVERITY_COLOUR[severity]} variant="filled" radius="sm" data-severity={severity}>
      {SEVERITY_LABEL[severity]}
    </Badge>
  );
}

const STATE: Record<AlertRow['state'], { label: string; colour: string }> = {
  open: { label: 'Open', colour: 'red.8' },
  acknowledged: { label: 'Acknowledged', colour: 'gray.7' },
  resolved: { label: 'Resolved', colour: 'green.9' },
};

export function StateBadge({ state }: { state: AlertRow['state'] }) {
  const s = STATE[state];
  return (
    <Badge color={s.colour} variant="light" radius="sm" data-state={state}>
      {s.label}
    </Badge>
  );
}

/** Where an alert's subject lives in the console: its device page, or its appliance's. */
export function subjectPath(a: Pick<AlertRow, 'subject_type' | 'subject_id'>): string {
  return a.subject_type === 'appliance'
    ? `/appliance/details/${a.subject_id}`
    : `/device/details/${a.subject_id}`;
}
