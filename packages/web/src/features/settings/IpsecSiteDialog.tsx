import { type IpsecSite, ipsecSiteForm, settingsCalls } from '@lifeboat/contract';
import { Modal, Stack, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/call';
import { callKey } from '../../api/useCall';
import { FormTextInput } from '../../forms/FormTextInput';
import { useFieldProps } from '../../forms/useFieldProps';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { DialogButtons, FormErrorAlert } from '../entities/DialogParts';

// Add or change one IPsec site of a client (inventory-reports-exports-security 3 'IPsec site',
// 5 'IPsec'): each field checked by the contract's rules as typed, and again by the server.

const EMPTY = { name: '', public_ip: '', remote_ip: '', remote_name: '', remote_subnets: '' };

interface Props {
  clientId: number;
  opened: boolean;
  /** The site to change; absent to add one. */
  site?: IpsecSite;
  onClose: () => void;
}

export function IpsecSiteDialog({ clientId, opened, site, onClose }: Props) {
  const qc = useQueryClient();
  const { form, onSubmit, formError, saving, reset } = useSchemaForm(ipsecSiteForm, {
    defaultValues: EMPTY,
    send: async (v) => {
      const answer = await call(settingsCalls.saveIpsecSite, {
        params: { id: clientId },
        json: { ...v, ...(site ? { site_id: site.id } : {}) },
      });
      qc.setQueryData(callKey(settingsCalls.officeNetwork, { params: { id: clientId } }), answer);
      onClose();
    },
  });
  useEffect(() => {
    if (!opened) return;
    reset(site ? { ...site, remote_subnets: site.remote_subnets.join('\n') } : EMPTY);
  }, [opened, site, reset]);
  const subnets = useFieldProps({
    control: form.control,
    name: 'remote_subnets',
    description: 'The networks behind the firewall, one per line (at most 10), such as 192.168.1.0/24.',
  });
  return (
    <Modal opened={opened} onClose={onClose} title={site ? 'Edit IPsec site' : 'Add IPsec site'} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="The site was not saved" message={formError} />
          <FormTextInput control={form.control} name="name" label="Site name" required maxLength={64} />
          <FormTextInput
            control={form.control}
            name="public_ip"
            label="Public IP"
            description="The firewall's public address, which the virtual office connects to."
            required
            maxLength={15}
          />
          <FormTextInput
            control={form.control}
            name="remote_ip"
            label="Remote IP"
            description="The firewall's address on its outside interface (the public IP unless it is behind NAT)."
            required
            maxLength={15}
          />
          <FormTextInput
            control={form.control}
            name="remote_name"
            label="Remote name"
            description="The name the firewall identifies itself with, such as fw.example.com."
            required
            maxLength={64}
          />
          <Textarea {...subnets} label="Remote subnets" required autosize minRows={2} maxRows={8} />
          <DialogButtons onCancel={onClose} saving={saving} label={site ? 'Save site' : 'Add site'} />
        </Stack>
      </form>
    </Modal>
  );
}
