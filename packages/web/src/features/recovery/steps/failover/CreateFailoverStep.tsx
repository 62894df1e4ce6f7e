import { createFailoverBody, plural } from '@lifeboat/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormTextInput } from '../../../../forms/FormTextInput';
import { useSchemaForm } from '../../../../forms/useSchemaForm';
import { createFailover } from '../../failover-api';
import { pointTimeText } from '../../format';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';
import { useReportApprovalWait } from './FailoverProgress';
import { FollowingOffice } from './FollowingOffice';
import { useFailoverSetup } from './SetVirtualizationFailoverStep';
import { useFollowOffice } from './useFollowOffice';

/** createFailover's text inputs: the office network, and a reason the approver reads. */
const inputsSchema = createFailoverBody.pick({
  gateway: true,
  netmask: true,
  dns_server: true,
  reason: true,
});
const INPUTS = ['gateway', 'netmask', 'dns_server', 'reason'] as const;

/**
 * createFailover: the office's network (text inputs), then create_failover. Its errors land on
 * the inputs they name, others go to createFailoverFailed (recovery-flow 8); a failover_id is
 * followed until the office is up. A production failover first waits for approval (issue 16.4).
 */
export function CreateFailoverStep(props: StepProps) {
  const { state, dispatch } = props;
  const fo = state.data.fo;
  const setup = useFailoverSetup(state);
  const [started, setStarted] = useState<{ id: number; approvalUntil: number | null } | null>(null);
  const follow = useFollowOffice(started ? { kind: 'failover', id: started.id } : null, props);
  const { form, onSubmit, formError, saving, reset } = useSchemaForm(inputsSchema, {
    defaultValues: { gateway: '', netmask: '', dns_server: '', reason: '' },
    inputs: INPUTS,
    send: async (v) => {
      const selection = fo.selection;
      if (!selection || !state.data.client) return;
      const a = await createFailover({
        client_id: state.data.client.id,
        app_ids: selection.appIds,
        d2c_selected: selection.d2cSelected,
        vault_only_selected: selection.vaultOnlySelected,
        system_ids: selection.systemIds,
        virtualization_type: 'cloud',
        type: fo.isTest ? 'test' : 'production',
        selected_services: selection.services,
        ...(fo.isTest && fo.autoStopMinutes > 0 ? { stop_after_minutes: fo.autoStopMinutes } : {}),
        ...v,
      });
      if (a.is_error || a.failover_id === null) {
        const onInputs = Object.keys(a.errors).some((k) => (INPUTS as readonly string[]).includes(k));
        // Errors of the inputs go under them; anything else is the failed screen.
        if (onInputs) throw a;
        dispatch({ type: 'foFailed', errors: Object.values(a.errors) });
        return;
      }
      setStarted({ id: a.failover_id, approvalUntil: a.approval_expires_at });
    },
  });
  const data = setup.data;
  useEffect(() => {
    if (data) reset({ gateway: data.gateway, netmask: data.netmask, dns_server: '', reason: '' });
  }, [data, reset]);

  const approvalUntil =
    started && (follow.outcome === 'approval' || follow.outcome === null) ? started.approvalUntil : null;
  useReportApprovalWait(approvalUntil !== null, dispatch);

  if (started)
    return (
      <FollowingOffice
        approvalUntil={started.approvalUntil}
        follow={follow}
        error={
          follow.outcome === 'error' || follow.error
            ? (follow.error?.message ?? follow.errors.join(' '))
            : null
        }
        close={props.close}
      />
    );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {fo.isTest ? 'Test' : 'Production'} office for <b>{data?.client_name ?? state.data.client?.name}</b>
          : {plural(fo.selection?.systemIds.length ?? 0, 'system')}
          {fo.isTest && fo.autoStopMinutes > 0
            ? `, stops at ${pointTimeText(Date.now() + fo.autoStopMinutes * 60_000)}`
            : ''}
          .
        </Text>
        {formError && (
          <Alert color="red" title="The office could not start">
            {formError}
          </Alert>
        )}
        <Group grow align="flex-start" wrap="wrap">
          <FormTextInput control={form.control} name="gateway" label="Gateway" miw={180} />
          <FormTextInput control={form.control} name="netmask" label="Netmask" miw={180} />
        </Group>
        <FormTextInput
          control={form.control}
          name="dns_server"
          label="DNS server (optional)"
          description="Leave empty to use the office's own DNS."
        />
        {!fo.isTest && data?.approval_required && (
          <FormTextInput
            control={form.control}
            name="reason"
            label="Reason"
            description="The person who approves the production office reads this."
          />
        )}
      </Stack>
      <StepFooter state={state} dispatch={dispatch}>
        <Button type="submit" loading={saving} disabled={!data}>
          {fo.isTest
            ? 'Start the test office'
            : data?.approval_required
              ? 'Request approval'
              : 'Start the office'}
        </Button>
      </StepFooter>
    </form>
  );
}
