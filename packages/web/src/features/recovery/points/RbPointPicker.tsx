import type { ReactNode } from 'react';
import { type ChosenPoint, RestorePointPicker } from './RestorePointPicker';
import { type RbMonthSource, useRbStrip } from './useRbStrip';

/** The one picker on the second tool's month call (the recovery wizard and the Azure wizard). */
export function RbPointPicker(p: RbMonthSource & { action: (chosen: ChosenPoint | null) => ReactNode }) {
  const strip = useRbStrip(p);
  return <RestorePointPicker {...strip} action={p.action} />;
}
