import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { lazyPage } from '../../routes/lazyPage';
import { parseRecoverParam, RECOVER_PARAM } from './deepLink';
import { RecoveryWizardContext, type WizardEntry } from './wizardEntry';

// The wizard's code loads only when it is first opened (COMMON: keep the initial JS small).
const RecoveryWizardModal = lazyPage(() => import('./RecoveryWizardModal'), 'RecoveryWizardModal');

/**
 * Hosts the recovery wizard modal for the whole shell (mounted in AppLayout): opened by
 * `useRecoveryWizard().open(entry)` or by the `?recover=` deep link on any page.
 */
export function RecoveryWizardProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState<{ entry: WizardEntry; key: number } | null>(null);
  const [params, setParams] = useSearchParams();
  const open = useCallback((entry: WizardEntry) => setOpened((o) => o ?? { entry, key: Date.now() }), []);
  const close = useCallback(() => setOpened(null), []);

  const raw = params.get(RECOVER_PARAM);
  useEffect(() => {
    if (raw === null) return;
    const entry = parseRecoverParam(raw);
    setParams(
      (p) => {
        p.delete(RECOVER_PARAM);
        return p;
      },
      { replace: true },
    );
    if (entry) open(entry);
  }, [raw, open, setParams]);

  const control = useMemo(() => ({ open, isOpen: opened !== null }), [open, opened]);
  return (
    <RecoveryWizardContext.Provider value={control}>
      {children}
      {opened && (
        <Suspense fallback={null}>
          <RecoveryWizardModal key={opened.key} entry={opened.entry} onClose={close} />
        </Suspense>
      )}
    </RecoveryWizardContext.Provider>
  );
}
