import { describe, expect, it } from 'vitest';
import {
  type AzureSelection,
  azureClientIneligibility,
  azureCountdown,
  azureJobActions,
  azureNextStep,
  azurePanelsVisible,
  azureSelect,
  azureSettle,
  azureStepEnabled,
  azureStepIcon,
  storageAccountName,
} from './azure';
import { rbIneligibility } from './ftps';

const none: AzureSelection = {
  reseller: null,
  client: null,
  device: null,
  restorePoint: null,
  login: null,
  resourceGroup: null,
  storageAccount: null,
};
const full: AzureSelection = {
  reseller: 3,
  client: 6,
  device: 9,
  restorePoint: '41',
  login: 'admin@contoso.onmicrosoft.com',
  resourceGroup: 'sub/rg-recovery',
  storageAccount: 'rgrecovery123',
};

describe('prerequisites', () => {
  it('enables each step only when what it needs is chosen', () => {
    expect(azureStepEnabled('client', none)).toBe(false);
    expect(azureStepEnabled('client', { ...none, reseller: 3 })).toBe(true);
    expect(azureStepEnabled('resourceGroup', { ...full, login: null })).toBe(false);
    expect(azureStepEnabled('storageAccount', { ...full, resourceGroup: null })).toBe(false);
    expect(azureStepEnabled('summary', full)).toBe(true);
    // value '0' is no restore point.
    expect(azureStepEnabled('login', { ...full, restorePoint: '0' })).toBe(false);
  });

  it('clears what a disabled step had chosen, down the line', () => {
    expect(azureSettle({ ...full, device: null })).toEqual({ ...none, reseller: 3, client: 6 });
    expect(azureSettle({ ...full, restorePoint: '0' }).storageAccount).toBeNull();
  });

  it('resets as the spec says on a change', () => {
    const d = azureSelect(full, 'device', 10);
    expect(d).toEqual({ ...none, reseller: 3, client: 6, device: 10 });
    expect(azureSelect(full, 'device', 9)).toEqual(full);
    expect(azureSelect(full, 'login', 'other@fabrikam.onmicrosoft.com')).toMatchObject({
      resourceGroup: null,
      storageAccount: null,
      restorePoint: '41',
    });
    expect(azureSelect(full, 'resourceGroup', 'sub/rg-dr-test').storageAccount).toBeNull();
  });

  it('opens the next step', () => {
    expect(azureNextStep('client')).toBe('device');
    expect(azureNextStep('storageAccount')).toBe('summary');
    expect(azureNextStep('summary')).toBeNull();
  });
});

describe('icons, countdown, eligibility', () => {
  it('shows warning, information and success', () => {
    expect(azureStepIcon(false, false)).toBe('warning');
    expect(azureStepIcon(false, true)).toBe('info');
    expect(azureStepIcon(true, true)).toBe('success');
    expect(azureStepIcon(true, false)).toBe('success');
  });

  it('counts down as mm:ss and ends at zero', () => {
    expect(azureCountdown(900_000)).toBe('15:00');
    expect(azureCountdown(61_001)).toBe('01:02');
    expect(azureCountdown(1)).toBe('00:01');
    expect(azureCountdown(0)).toBeNull();
  });

  it('refuses clients as the spec lists', () => {
    const ok = {
      has_brc: false,
      has_x360recover: false,
      has_macos_only: false,
      machines_latest_schedule_rp_count: 2,
    };
    expect(azureClientIneligibility(ok)).toBeNull();
    expect(azureClientIneligibility({ ...ok, has_brc: true })).toBe('brc_only');
    expect(azureClientIneligibility({ ...ok, has_brc: true, has_x360recover: true })).toBeNull();
    expect(azureClientIneligibility({ ...ok, has_macos_only: true })).toBe('macos_only');
    expect(azureClientIneligibility({ ...ok, machines_latest_schedule_rp_count: 0 })).toBe(
      'no_scheduled_points',
    );
  });

  it('shares the device rule with the second tool (disks)', () => {
    expect(rbIneligibility({ systemOsType: 'MAC_OS_X', ftpsAllowed: true }, true)).toBe('mac');
    expect(rbIneligibility({ systemOsType: 'NAS', ftpsAllowed: true }, true)).toBe('nas');
    expect(rbIneligibility({ systemOsType: 'WINDOWS', ftpsAllowed: false }, true)).toBe('no_valid_system');
    expect(rbIneligibility({ systemOsType: 'WINDOWS', ftpsAllowed: true }, true)).toBeNull();
  });

  it('names the account by its id, shows panels and job actions', () => {
    expect(
      storageAccountName(
        '/subscriptions/x/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/acct1',
      ),
    ).toBe('acct1');
    expect(azurePanelsVisible({ azureRestoreEnabled: true, isProviderStaff: false })).toBe(true);
    expect(azurePanelsVisible({ azureRestoreEnabled: true, isProviderStaff: true })).toBe(false);
    expect(azurePanelsVisible({ azureRestoreEnabled: false, isProviderStaff: false })).toBe(false);
    expect(azureJobActions('running')).toEqual({
      canCancel: true,
      canDismiss: false,
      buttons: [{ action: 'cancel', label: 'Cancel' }],
    });
    expect(azureJobActions('failed')).toEqual({
      canCancel: false,
      canDismiss: true,
      buttons: [{ action: 'dismiss', label: 'Dismiss' }],
    });
  });
});
