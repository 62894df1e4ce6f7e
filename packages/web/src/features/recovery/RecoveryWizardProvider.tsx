import { Modal, Text } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { RecoveryWizardContext, type WizardEntry } from './wizardEntry';

/**
 * Hosts the recovery wizard modal for the whole shell. Owned by the recovery area; this first
 * version only records where it was opened from.
 */
export function RecoveryWizardProvider({ children }: { children: ReactNode }) {
  const [entry, setEntry] = useState<WizardEntry | null>(null);
  const control = useMemo(() => ({ open: setEntry, isOpen: entry !== null }), [entry]);
  return (
    <RecoveryWizardContext.Provider value={control}>
      {children}
      <Modal opened={entry !== null} onClose={() => setEntry(null)} title="Recovery wizard" size="xl">
        <Text>The recovery wizard is being built.</Text>
      </Modal>
    </RecoveryWizardContext.Provider>
  );
}
