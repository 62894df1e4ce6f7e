import { canSeeTab } from '@lifeboat/contract';
import { Alert, SegmentedControl, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser, useRight } from '../../session/session';
import {
  ApplianceStatusFilter,
  applianceColumns,
  applianceSupportHref,
} from '../appliances/applianceColumns';
import { EntityTable } from '../entities/EntityTable';
import { useEntityListState } from '../entities/useEntityListState';
import { USER_COLUMNS } from '../users/UserTablePage';

const FILTERS = ['status'] as const;
type Find = 'appliances' | 'users';

/**
 * The support tab (issue 18.8): find an appliance by serial or name, or a user by name or e-mail,
 * and open the appliance's support login (audited, entities/support-service.ts). The provider's
 * staff search the whole platform; a distributor or reseller searches what it looks after.
 */
export function SupportPage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const find: Find = params.get('find') === 'users' ? 'users' : 'appliances';
  const state = useEntityListState(FILTERS);
  const staff = useRight('manage_platform');
  const seesUsers = canSeeTab(user, 'users');
  const choose = (v: string) =>
    setParams(
      (cur) => {
        const next = new URLSearchParams(cur);
        next.delete('page');
        next.delete('status');
        if (v === 'users') next.set('find', 'users');
        else next.delete('find');
        return next;
      },
      { replace: true },
    );
  return (
    <Stack gap="lg">
      <PageHeader
        title="Support"
        subtitle={
          staff
            ? 'Find any appliance on the platform by its serial or name, or any user by name or e-mail.'
            : 'Find an appliance you look after by its serial or name, or a user by name or e-mail.'
        }
      />
      {seesUsers && (
        <SegmentedControl
          value={find}
          onChange={choose}
          w="fit-content"
          aria-label="What to find"
          data={[
            { value: 'appliances', label: 'Appliances' },
            { value: 'users', label: 'Users' },
          ]}
        />
      )}
      {find === 'appliances' || !seesUsers ? (
        <>
          <Alert variant="light" color="blue" p="sm">
            <Text size="sm">
              A support login opens the appliance's own console in a new window; every login is recorded in
              the audit log with your name.
            </Text>
          </Alert>
          <EntityTable
            entity={staff ? 'support_appliance' : 'appliance'}
            noun="appliances"
            state={state}
            columns={applianceColumns(user.organisationKind !== 'reseller')}
            rowLabel={(r) => r.name}
            searchPlaceholder="Serial or name"
            toolbar={<ApplianceStatusFilter state={state} />}
            actions={{ detailsHref: (r) => `/appliance/details/${r.id}`, supportHref: applianceSupportHref }}
          />
        </>
      ) : (
        <EntityTable
          entity="user"
          noun="users"
          state={state}
          columns={USER_COLUMNS}
          rowLabel={(r) => r.name}
          searchPlaceholder="Name, or an e-mail with @"
        />
      )}
    </Stack>
  );
}
