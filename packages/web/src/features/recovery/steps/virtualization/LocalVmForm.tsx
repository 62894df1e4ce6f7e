import {
  type CapabilitiesAnswer,
  type CreateStartAnswer,
  cpuChoices,
  type LocalVmFields,
  localVmFields,
  medianMemory,
  memoryChoices,
} from '@lifeboat/contract';
import { Alert, Button, Checkbox, Group, Slider, Stack, Switch, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { FormPasswordInput } from '../../../../forms/FormPasswordInput';
import { FormTextInput } from '../../../../forms/FormTextInput';
import { useSchemaForm } from '../../../../forms/useSchemaForm';
import { sizeText } from '../../format';

export type LocalVmValues = ReturnType<typeof localVmFields.parse>;

const memoryText = (mb: number) => sizeText(mb * 1024 * 1024);

/**
 * The local VM's settings (spec: recovery-flow 5): memory from the reported minimum with the median
 * chosen, processors over the reported range, VNC with a password, the test address or the
 * current one (which forces VNC on). The rules are the contract's (localVmFields).
 */
export function LocalVmForm({
  caps,
  onStart,
  footer,
}: {
  caps: CapabilitiesAnswer;
  onStart: (values: LocalVmValues) => Promise<CreateStartAnswer>;
  footer: (submit: ReactNode) => ReactNode;
}) {
  const sizes = memoryChoices(caps.vmSizes, caps.minVMMemMb);
  const cpus = cpuChoices(caps.vmCpuRange, caps.vmCpuMin);
  const { form, onSubmit, formError, saving } = useSchemaForm(localVmFields, {
    defaultValues: {
      vmSizeMb: medianMemory(sizes),
      vmCpus: cpus[0] ?? 1,
      useVNC: false,
      vncPasswd: '',
      testIpAddress: '',
      useCurrentAddress: false,
      isTest: true,
    } satisfies LocalVmFields,
    send: onStart,
  });
  const current = form.watch('useCurrentAddress');
  const vnc = Boolean(form.watch('useVNC') || current);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        {caps.warning && (
          <Alert color="blue" title="Runs on the appliance">
            {caps.warning}
          </Alert>
        )}
        {formError && (
          <Alert color="red" title="The virtual machine was not started">
            {formError}
          </Alert>
        )}
        <Controller
          control={form.control}
          name="vmSizeMb"
          render={({ field }) => (
            <Stack gap={6}>
              <Group justify="space-between">
                <Text size="sm" fw={500} id="vm-memory-label">
                  Memory
                </Text>
                <Text size="sm" data-testid="vm-memory">
                  {memoryText(Number(field.value))}
                </Text>
              </Group>
              <Slider
                aria-labelledby="vm-memory-label"
                min={0}
                max={Math.max(0, sizes.length - 1)}
                step={1}
                value={Math.max(0, sizes.indexOf(Number(field.value)))}
                onChange={(i) => field.onChange(sizes[i] ?? sizes[0])}
                label={(i) => memoryText(sizes[i] ?? 0)}
                marks={sizes.map((m, i) => ({ value: i, label: memoryText(m) }))}
                mb="lg"
              />
            </Stack>
          )}
        />
        <Controller
          control={form.control}
          name="vmCpus"
          render={({ field }) => (
            <Stack gap={6}>
              <Group justify="space-between">
                <Text size="sm" fw={500} id="vm-cpu-label">
                  Processors
                </Text>
                <Text size="sm" data-testid="vm-cpus">
                  {String(field.value)}
                </Text>
              </Group>
              <Slider
                aria-labelledby="vm-cpu-label"
                min={cpus[0] ?? 1}
                max={cpus[cpus.length - 1] ?? 1}
                step={1}
                value={Number(field.value)}
                onChange={field.onChange}
                marks={cpus.map((n) => ({ value: n, label: String(n) }))}
                mb="lg"
              />
            </Stack>
          )}
        />
        <Controller
          control={form.control}
          name="useCurrentAddress"
          render={({ field }) => (
            <Checkbox
              label="Use the device's current network address"
              description="The machine takes the protected system's own address; its console is then reached by VNC."
              checked={Boolean(field.value)}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        {!current && (
          <FormTextInput
            control={form.control}
            name="testIpAddress"
            label="Test IP address"
            description="An unused IPv4 address on the appliance's network, such as 192.168.1.50."
            placeholder="192.168.1.50"
            inputMode="decimal"
            autoComplete="off"
          />
        )}
        <Controller
          control={form.control}
          name="useVNC"
          render={({ field }) => (
            <Switch
              label="Console access by VNC"
              description={current ? 'Required when the current address is used.' : undefined}
              checked={vnc}
              disabled={Boolean(current)}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        {vnc && (
          <FormPasswordInput
            control={form.control}
            name="vncPasswd"
            label="VNC password"
            autoComplete="new-password"
          />
        )}
        {footer(
          <Button type="submit" loading={saving}>
            Start the virtual machine
          </Button>,
        )}
      </Stack>
    </form>
  );
}
