import { autoStopAtError, autoStopMinutesUntil } from '@lifeboat/contract';
import { Button, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';

/** A datetime-local value ("2026-11-25T14:30") for a time in ms, in the viewer's zone. */
export function localInputValue(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * setVoVmsAutoStop (test failovers only): option 0 is none; otherwise a date and time that pass
 * the contract's auto-stop rule (inventory-reports-exports-security 5 and 8: at least one hour
 * ahead, not in the past, at most a year). Next is disabled until valid (recovery-flow 5).
 */
export function SetVoVmsAutoStopStep({ state, dispatch }: StepProps) {
  const [mode, setMode] = useState<'none' | 'at'>('at');
  // A day ahead is a sensible default for a test office.
  const [at, setAt] = useState(() => localInputValue(Date.now() + 24 * 3_600_000));
  const stopAt = new Date(at).getTime();
  const error =
    mode === 'at' ? (at === '' ? 'Choose the date and time.' : autoStopAtError(stopAt, Date.now())) : null;
  const next = () => {
    if (error) return;
    const minutes = mode === 'none' ? 0 : autoStopMinutesUntil(stopAt, Date.now());
    dispatch({ type: 'foAutoStop', minutes });
  };
  return (
    <Stack gap="md">
      <Text size="sm">A test office costs cloud time while it runs. Stop it by itself at a set time?</Text>
      <Radio.Group value={mode} onChange={(v) => setMode(v === 'none' ? 'none' : 'at')} label="Auto-stop">
        <Stack gap="xs" mt="xs">
          <Radio value="at" label="Stop the test office at" />
          <Radio value="none" label="Keep it running until I stop it" />
        </Stack>
      </Radio.Group>
      {mode === 'at' && (
        <TextInput
          type="datetime-local"
          label="Stop date and time"
          value={at}
          onChange={(e) => setAt(e.currentTarget.value)}
          error={error}
          data-testid="autostop-at"
          maw={280}
        />
      )}
      <StepFooter state={state} dispatch={dispatch}>
        <Button onClick={next} disabled={error !== null}>
          Next
        </Button>
      </StepFooter>
    </Stack>
  );
}
