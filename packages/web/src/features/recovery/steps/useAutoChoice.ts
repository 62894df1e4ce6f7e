import { useEffect, useRef } from 'react';
import type { WizardState } from '../engine/state';

/**
 * Chooses the only row of a step by itself (one appliance, one job, one point: spec:
 * recovery-flow 4 'Navigation'), once, and only when the step was reached going forward.
 */
export function useAutoChoice<R>(
  state: WizardState,
  rows: readonly R[] | undefined,
  choose: (row: R) => void,
): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !rows || state.direction !== 'forward') return;
    done.current = true;
    const only = rows.length === 1 ? rows[0] : undefined;
    if (only !== undefined) choose(only);
  });
}
