import type { Health } from '@lifeboat/contract';

// Health colours (spec: dashboard-device-azure 4 'Health values and colours') and the sidebar
// header's colour by status (2.3). Kept in one small file so it can be unified with the
// dashboard's healthColour() once both are merged.

/** Mantine colour of a health value: TROUBLED red, NODATA light grey, NORMAL green, WARNED yellow, others grey. */
export function healthColour(status: string): string {
  switch (status) {
    case 'TROUBLED':
      return 'red';
    case 'NORMAL':
      return 'green';
    case 'WARNED':
      return 'yellow';
    case 'NODATA':
      return 'gray.4';
    default:
      return 'gray';
  }
}

export type HeaderTone = 'success' | 'error' | 'warning' | 'info' | 'neutral';

/** Healthy or normal is success, troubled error, warned warning, parked info (spec 2.3). */
export function headerTone(status: string): HeaderTone {
  switch (status) {
    case 'NORMAL':
    case 'HEALTHY':
      return 'success';
    case 'TROUBLED':
      return 'error';
    case 'WARNED':
      return 'warning';
    case 'PARKED':
      return 'info';
    default:
      return 'neutral';
  }
}

export const TONE_COLOUR: Record<HeaderTone, string> = {
  success: 'green',
  error: 'red',
  warning: 'yellow',
  info: 'blue',
  neutral: 'gray',
};

export const HEALTH_LABEL: Record<Health, string> = {
  TROUBLED: 'Troubled',
  WARNED: 'Warned',
  NORMAL: 'Healthy',
  PARKED: 'Parked',
  NODATA: 'No data',
  UNPROTECTED: 'Unprotected',
};

export const healthLabel = (status: string) => HEALTH_LABEL[status as Health] ?? status;

/** CSS variable of a Mantine colour name with an optional shade ("red", "gray.4"). */
export function colourVar(colour: string): string {
  const [name, shade = '6'] = colour.split('.');
  return `var(--mantine-color-${name}-${shade})`;
}
