import { failoverCalls } from '@lifeboat/contract';
import { Alert, Skeleton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call';
import { callKey, useCall } from '../../api/useCall';
import { SettingSwitch } from './SettingSwitch';

// The reseller's switch for the approval rule of production failover (docs/decisions.md
// 'Failover approval is opt-in'): off by default, a production failover starts at once; on, it
// waits for a second person. Turning it off weakens a safeguard, so it is asked first (SettingSwitch).

export function FailoverApprovalTab({ resellerId }: { resellerId: number }) {
  const qc = useQueryClient();
  const setting = useCall(failoverCalls.approvalSetting, { params: { id: resellerId } });
  if (setting.isPending) return <Skeleton h={80} />;
  if (setting.isError)
    return (
      <Alert color="red" title="The approval setting could not be loaded">
        {setting.error.message}
      </Alert>
    );
  const { approval_required: required, window_minutes: minutes } = setting.data;
  return (
    <SettingSwitch
      checked={required}
      label="Production failover needs approval"
      description={`Off by default. When on, a production failover of one of this reseller's clients starts only when a second person (another user of the reseller, its distributor or the provider's staff) approves it within ${minutes} minutes. Test failovers never wait.`}
      footnote="Every change of this setting is recorded in the audit log."
      save={async (value) => {
        const answer = await call(failoverCalls.saveApprovalSetting, {
          params: { id: resellerId },
          json: { approval_required: value },
        });
        qc.setQueryData(callKey(failoverCalls.approvalSetting, { params: { id: resellerId } }), answer);
      }}
      toast={(value) => ({
        title: value ? 'Approval turned on' : 'Approval turned off',
        message: value
          ? 'Production failovers now wait for a second person’s approval.'
          : 'Production failovers now start without approval.',
      })}
      confirmOff={{
        title: 'Turn approval off?',
        message:
          "Production failovers of this reseller's clients will start as soon as they are requested, without a second person's approval.",
        confirmLabel: 'Turn approval off',
      }}
    />
  );
}
