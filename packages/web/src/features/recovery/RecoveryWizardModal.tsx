import { Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useReducer } from 'react';
import { formatDateTime } from '../../format/dateTime';
import { completeMount } from './api';
import { stepTitle } from './engine/failover';
import { initialState } from './engine/state';
import { reduce, wizardHeader } from './engine/transitions';
import { StepView } from './StepView';
import type { WizardEntry } from './wizardEntry';

/** The recovery wizard (spec: recovery-flow 2): a modal whose body is the current step. */
export function RecoveryWizardModal({ entry, onClose }: { entry: WizardEntry; onClose: () => void }) {
  const [state, dispatch] = useReducer(reduce, entry, initialState);
  const mobile = useMediaQuery('(max-width: 48em)');
  const mountId = state.data.mount?.answer;
  const close = useCallback(() => {
    // The browse mount is released when the wizard ends; a failure here changes nothing for the user.
    if (mountId) void completeMount(mountId).catch(() => undefined);
    onClose();
  }, [mountId, onClose]);
  const subtitle = wizardHeader(state.data, formatDateTime);
  return (
    <Modal
      opened
      onClose={close}
      size="xl"
      fullScreen={mobile}
      closeOnClickOutside={false}
      title={
        <Stack gap={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Recovery{subtitle ? ` · ${subtitle}` : ''}
          </Text>
          <Title order={3} data-testid="wizard-step" data-step={state.step.name}>
            {stepTitle(state)}
          </Title>
        </Stack>
      }
    >
      <StepView state={state} dispatch={dispatch} close={close} />
    </Modal>
  );
}
