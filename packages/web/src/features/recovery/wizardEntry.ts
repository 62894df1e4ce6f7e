import { createContext, useContext } from 'react';

/** Where the recovery wizard starts (spec: recovery-flow 2 'Entry points'). */
export type WizardEntry =
  /** Quick action of a reseller's dashboard: pick a client first. */
  | { kind: 'reseller'; resellerId: number }
  /** From a client's page. */
  | { kind: 'client'; clientId: number }
  /** From a device: its id and, optionally, the step to start at. */
  | { kind: 'device'; deviceId: number; startStep?: string };

export interface RecoveryWizardControl {
  open(entry: WizardEntry): void;
  /** True while the wizard is open: its openers are blocked meanwhile. */
  isOpen: boolean;
}

export const RecoveryWizardContext = createContext<RecoveryWizardControl>({
  open: () => {},
  isOpen: false,
});

/** Opens the recovery wizard from anywhere inside the signed-in shell. */
export function useRecoveryWizard(): RecoveryWizardControl {
  return useContext(RecoveryWizardContext);
}
