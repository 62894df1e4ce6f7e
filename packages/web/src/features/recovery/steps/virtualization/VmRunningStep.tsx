import type { VmRunningScreen } from '@lifeboat/contract';
import { Button } from '@mantine/core';
import { MessageStep } from '../MessageStep';
import type { StepProps } from '../types';
import { OpenVirtualizedTab } from './OpenVirtualizedTab';

const SCREENS: Record<VmRunningScreen, { title: string; text: (name: string) => string }> = {
  vmdk_disabled: {
    title: 'The disk cannot be exported from the failover machine',
    text: (n) =>
      `${n} runs as a virtual machine whose appliance does not export disks from a failover. Stop the failover machine first, then export the disk.`,
  },
  bmr: {
    title: 'A bare-metal restore is running',
    text: (n) =>
      `${n} is being restored to hardware from its virtual machine. Wait until the restore has finished.`,
  },
  transition: {
    title: 'The virtual machine is changing state',
    text: (n) =>
      `The virtual machine of ${n} is starting, stopping or being discarded. Try again in a few minutes.`,
  },
  testfailover: {
    title: 'A test virtual machine is running',
    text: (n) =>
      `${n} runs as a test virtual machine. Stop and discard it in the virtualized tab of the inventory before you export its disk or start another one.`,
  },
};

/** vmRunning: the device is virtualized in a way that blocks the export (spec: recovery-flow 4, 8). */
export function VmRunningStep({ state, dispatch, close }: StepProps) {
  const screen = state.step.name === 'vmRunning' ? state.step.screen : 'transition';
  const name = state.data.device?.name ?? 'This device';
  const clientId = state.data.client?.id ?? state.data.device?.client_id ?? 0;
  const s = SCREENS[screen];
  return (
    <MessageStep
      state={state}
      dispatch={dispatch}
      color="yellow"
      title={s.title}
      actions={
        <>
          {screen === 'bmr' && (
            <Button
              variant="default"
              onClick={() =>
                dispatch({
                  type: 'goTo',
                  step: {
                    name: 'notAvailable',
                    message: `Help with the bare-metal restore of ${name} is given by support.`,
                  },
                })
              }
            >
              Help with the restore
            </Button>
          )}
          <OpenVirtualizedTab clientId={clientId} close={close} />
        </>
      }
    >
      <span data-testid="vm-running-screen" data-screen={screen}>
        {s.text(name)}
      </span>
    </MessageStep>
  );
}

/** showVMExist: a VM of this device runs already (create_start's vm_exists); see it, or close. */
export function ShowVmExistStep({ state, dispatch, close }: StepProps) {
  const message = state.step.name === 'showVMExist' ? state.step.message : '';
  const clientId = state.data.client?.id ?? 0;
  return (
    <MessageStep
      state={state}
      dispatch={dispatch}
      color="yellow"
      title="This device already has a virtual machine"
      actions={
        <>
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <OpenVirtualizedTab clientId={clientId} close={close} />
        </>
      }
    >
      {message}
    </MessageStep>
  );
}
