import { azureCalls } from '@lifeboat/contract';
import { Alert, Skeleton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { callKey, useCall } from '../../api/useCall';
import { SettingSwitch } from '../settings/SettingSwitch';
import { saveResellerAzureEnabled } from './api';

// The provider's staff switch Azure direct restore for a reseller and its clients (issue 14.6;
// decisions 'Azure direct restore (issue 14)'). Only the staff see this tab; the server refuses
// anyone else. Turning it off hides the wizard and the Azure export panels from the reseller's
// users, so it is asked first (SettingSwitch).

export function AzureRestoreTab({ resellerId }: { resellerId: number }) {
  const qc = useQueryClient();
  const setting = useCall(azureCalls.resellerEnabled, { params: { id: resellerId } });
  if (setting.isPending) return <Skeleton h={80} />;
  if (setting.isError)
    return (
      <Alert color="red" title="The Azure setting could not be loaded">
        {setting.error.message}
      </Alert>
    );
  return (
    <SettingSwitch
      checked={setting.data.enabled}
      label="Azure direct restore"
      description="This reseller and its clients may restore a cloud restore point into a storage account of their own Azure tenant, and see the Azure export panels."
      footnote="Only the provider's staff change this setting. Every change is recorded in the audit log."
      save={async (enabled) => {
        const answer = await saveResellerAzureEnabled(resellerId, enabled);
        qc.setQueryData(callKey(azureCalls.resellerEnabled, { params: { id: resellerId } }), answer);
      }}
      toast={(enabled) => ({
        title: enabled ? 'Azure direct restore turned on' : 'Azure direct restore turned off',
        message: enabled
          ? 'This reseller and its clients can now restore to Azure.'
          : 'This reseller and its clients can no longer restore to Azure.',
      })}
      confirmOff={{
        title: 'Turn Azure direct restore off?',
        message:
          "This reseller's users and its clients' users will no longer see the Azure wizard or the Azure export panels. Restores already running carry on.",
        confirmLabel: 'Turn it off',
      }}
    />
  );
}
