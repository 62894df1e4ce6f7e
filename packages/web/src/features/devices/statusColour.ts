import {
  HEALTH_LABELS,
  type Health,
  type HealthColour,
  healthColour as healthColourName,
} from '@lifeboat/contract';

// Health colours (spec: dashboard-device-azure 4 'Health values and colours') and the sidebar
// header's colour by status (2.3), in Mantine's colour names; the health rule itself is the
// contract's healthColour(), shared with the dashboard.

/** Mantine colour of a health value, from the one rule in the contract (TROUBLED red, WARNED
 * yellow, NORMAL green, NODATA light grey, others grey). */
export function healthColour(status: string): string {
  return MANTINE_COLOUR[healthColourName(status)];
}

const MANTINE_COLOUR: Record<HealthColour, string> = {
  red: 'red',
  yellow: 'yellow',
  green: 'green',
  grey: 'gray',
  'light-grey': 'gray.4',
};

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

export const healthLabel = (status: string) => HEALTH_LABELS[status as Health] ?? status;

/** CSS variable of a Mantine colour name with an optional shade ("red", "gray.4"). */
export function colourVar(colour: string): string {
  const [name, shade = '6'] = colour.split('.');
  return `var(--mantine-color-${name}-${shade})`;
}
