import {
  type AzureDataAnswer,
  type AzureSelection,
  type AzureStep,
  azureNextStep,
  azureSelect,
} from '@lifeboat/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { fetchAzureData, resetAzureSession } from './api';

// The Azure wizard's state (spec: dashboard-device-azure 4 'Azure wizard'): the selections and the
// open accordion. A selection is saved on the server first; a failed or not-ok save drops it and
// logs "Error saving Azure data." (spec 8). The rules (prerequisites, what a change clears) are the
// contract's azureSelect.

const EMPTY: AzureSelection = {
  reseller: null,
  client: null,
  device: null,
  restorePoint: null,
  login: null,
  resourceGroup: null,
  storageAccount: null,
};

/** What each selection is called on screen (the summary). */
export type AzureLabels = Partial<Record<keyof AzureSelection, string>>;

const STEP_OF: Partial<Record<keyof AzureSelection, AzureStep>> = {
  client: 'client',
  device: 'device',
  restorePoint: 'restorePoint',
  login: 'login',
  resourceGroup: 'resourceGroup',
  storageAccount: 'storageAccount',
};

function startOf(d: AzureDataAnswer): { sel: AzureSelection; open: AzureStep } {
  // Client users start with the client step complete and the device step open.
  return {
    sel: { ...EMPTY, reseller: d.azureData.reseller.id, client: d.azureData.client?.id ?? null },
    open: d.userData.isClient ? 'device' : 'client',
  };
}

export function useAzureWizard() {
  const data = useQuery({
    queryKey: ['azure', 'data'],
    queryFn: fetchAzureData,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const [sel, setSel] = useState<AzureSelection>(EMPTY);
  const [labels, setLabels] = useState<AzureLabels>({});
  const [open, setOpen] = useState<AzureStep | null>(null);
  const [extra, setExtra] = useState<Record<string, unknown>>({});

  useEffect(() => {
    if (!data.data) return;
    const s = startOf(data.data);
    setSel(s.sel);
    setOpen(s.open);
    setLabels({});
  }, [data.data]);

  // spec 4: leaving the page resets the session.
  useEffect(
    () => () => {
      void resetAzureSession().catch(() => undefined);
    },
    [],
  );

  /** Save, then select (and open the next step); a failed save drops the selection. */
  const choose = useCallback(
    async <K extends keyof AzureSelection>(
      key: K,
      value: AzureSelection[K],
      label: string,
      save: (() => Promise<{ ok: boolean }>) | null,
      more?: Record<string, unknown>,
    ): Promise<boolean> => {
      try {
        if (save && !(await save()).ok) throw new Error('not ok');
      } catch (e) {
        console.error('Error saving Azure data.', e);
        return false;
      }
      setSel((s) => azureSelect(s, key, value));
      setLabels((l) => ({ ...l, [key]: label }));
      if (more) setExtra((x) => ({ ...x, ...more }));
      const step = STEP_OF[key];
      if (step) setOpen(azureNextStep(step));
      return true;
    },
    [],
  );

  /** Change account: the login and what depends on it are cleared. */
  const clearLogin = useCallback(() => setSel((s) => azureSelect(s, 'login', null)), []);

  /** Start over: a fresh session, keeping the reseller and, for a client user, the client. */
  const { refetch } = data;
  const startOver = useCallback(async () => {
    setSel(EMPTY);
    setOpen(null);
    // The same answer keeps its reference in the cache: apply it here rather than in the effect.
    const r = await refetch();
    if (r.data) {
      const s = startOf(r.data);
      setSel(s.sel);
      setOpen(s.open);
      setLabels({});
    }
  }, [refetch]);

  return {
    loading: data.isPending || data.isFetching,
    error: data.error,
    user: data.data?.userData ?? null,
    sel,
    labels,
    extra,
    open,
    setOpen,
    choose,
    clearLogin,
    startOver,
  };
}

export type AzureWizard = ReturnType<typeof useAzureWizard>;
