import { reportCalls as c } from '@lifeboat/contract';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { invalidateCalls } from '../../api/useCall';
import { useCurrentUser } from '../../session/session';
import { regenerateReport } from './api';
import { type BuilderValues, defaultValues } from './builderForm';
import { LoadingStep } from './LoadingStep';
import { OptionsStep } from './OptionsStep';
import { DEFAULT_EXTRAS, type Extras, PreviewStep } from './PreviewStep';

type Step = { name: 'options' } | { name: 'loading' | 'preview'; reportId: number; startedAt: number };

/** The executive summary report builder: options -> preview-loading -> preview (spec 4). */
export function ReportBuilder() {
  const user = useCurrentUser();
  const chooseReseller = user.organisationKind === 'provider' || user.organisationKind === 'distributor';
  // A client user reports on its own company (docs/decisions.md): no reseller or client to choose.
  const ownClient = user.organisationKind === 'client' ? user.organisationName : null;
  const [options, setOptions] = useState<BuilderValues>(() =>
    ownClient !== null
      ? defaultValues(null, user.organisationId)
      : defaultValues(chooseReseller ? null : user.organisationId),
  );
  const [extras, setExtras] = useState<Extras>(DEFAULT_EXTRAS);
  const [step, setStep] = useState<Step>({ name: 'options' });
  const queryClient = useQueryClient();
  const generate = useMutation({
    mutationFn: ({ v, x }: { v: BuilderValues; x: Extras }) =>
      call(c.generate, {
        form: {
          client_id: v.client_id,
          from_date: v.from_date,
          to_date: v.to_date,
          level: v.level,
          bandwidth_estimate: String(x.bandwidth),
          summary_overview: x.summary,
          suggested_actions: x.actions,
        },
      }),
    onSuccess: (a) => {
      setStep({ name: 'loading', reportId: a.report_id, startedAt: Date.now() });
      // The new report joins the history below the builder at once, as being generated.
      void invalidateCalls(queryClient, [c.history]);
    },
    onError: (err) =>
      notifications.show({
        color: 'red',
        title: 'The report was not started',
        message: err instanceof ApiError ? err.message : 'Please try again.',
      }),
  });
  // Update and Try again draw the same report again: one report, one row of the history.
  const again = useMutation({
    mutationFn: async ({ reportId, x }: { reportId: number; x?: Extras }) => {
      await regenerateReport(
        queryClient,
        reportId,
        x && {
          summary_overview: x.summary,
          suggested_actions: x.actions,
          bandwidth_estimate: String(x.bandwidth),
        },
      );
      return reportId;
    },
    onSuccess: (reportId) => setStep({ name: 'loading', reportId, startedAt: Date.now() }),
    onError: (err) =>
      notifications.show({
        color: 'red',
        title: 'The report was not started',
        message: err instanceof ApiError ? err.message : 'Please try again.',
      }),
  });
  const back = useCallback(() => setStep({ name: 'options' }), []);
  const ready = useCallback(() => {
    setStep((s) => (s.name === 'loading' ? { ...s, name: 'preview' } : s));
    // The new report belongs in the history below the builder.
    void invalidateCalls(queryClient, [c.history]);
  }, [queryClient]);
  if (step.name === 'loading')
    return (
      <LoadingStep
        key={`${step.reportId}-${step.startedAt}`}
        reportId={step.reportId}
        startedAt={step.startedAt}
        onReady={ready}
        onBack={back}
        onRetry={() => again.mutate({ reportId: step.reportId })}
      />
    );
  if (step.name === 'preview')
    return (
      <PreviewStep
        key={step.reportId}
        reportId={step.reportId}
        options={options}
        extras={extras}
        onBack={back}
        onUpdate={(x) => {
          setExtras(x);
          again.mutate({ reportId: step.reportId, x });
        }}
      />
    );
  return (
    <OptionsStep
      chooseReseller={chooseReseller}
      ownClient={ownClient}
      initial={options}
      onGenerate={(v) => {
        setOptions(v);
        generate.mutate({ v, x: extras });
      }}
    />
  );
}
