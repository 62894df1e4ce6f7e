import { type AlertRow, alertSubjectPath, SEVERITY_LABEL } from '@lifeboat/contract';
import { Badge } from '@mantine/core';

// Dark enough for white text at a badge's size (4.5:1; axe checks it in the browser tests).
const SEVERITY_COLOUR: Record<AlertRow['severity'], string> = {
  critical: '#b02525',
  warning: '#a34100',
  info: '#1864ab',
};

export function SeverityBadge({ severity }: { severity: AlertRow['severity'] }) {
  return (
    <Badge
      color={SEVERITY_COLOUR[severity]}
      variant="filled"
      radius="sm"
      data-severity={severity}
      // Whole words in a narrow column: "Information" is the longest.
      style={{ minWidth: 'max-content' }}
    >
      {SEVERITY_LABEL[severity]}
    </Badge>
  );
}

// Outlined, the text in the colour on white (4.5:1 at least).
const STATE: Record<AlertRow['state'], { label: string; colour: string }> = {
  open: { label: 'Open', colour: '#b02525' },
  acknowledged: { label: 'Acknowledged', colour: '#495057' },
  resolved: { label: 'Resolved', colour: '#1e6b30' },
};

export function StateBadge({ state }: { state: AlertRow['state'] }) {
  const s = STATE[state];
  return (
    <Badge color={s.colour} variant="outline" radius="sm" data-state={state}>
      {s.label}
    </Badge>
  );
}

/**
 * Where a person acts on an alert's subject: its device or appliance page, the reseller's
 * dashboard (cloud storage), a private vault's page, the client's virtual office (offices, approvals) or page (exports).
 */
export function subjectPath(
  a: Pick<AlertRow, 'subject_type' | 'subject_id' | 'client_id' | 'reseller_id'>,
): string {
  return alertSubjectPath(a);
}
