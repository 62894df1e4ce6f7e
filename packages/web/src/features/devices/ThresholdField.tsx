import { checkThresholdInput, nearestStop, type ThresholdScale, thresholdText } from '@lifeboat/contract';
import { Group, Slider, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

export interface ThresholdValue {
  minutes: number;
  enabled: boolean;
  /** Set while the typed text is not a valid value (inventory 5). */
  error: string | null;
}

interface Props {
  label: string;
  scale: ThresholdScale;
  value: ThresholdValue;
  onChange: (v: ThresholdValue) => void;
}

/** recovery-flow 9: threshold input debounce 250 ms. */
const DEBOUNCE_MS = 250;

/**
 * One alert threshold: a slider over the spec's minute stops and a digits-only input in hours or
 * days, checked against the range (inventory 5 'Threshold input').
 */
export function ThresholdField({ label, scale, value, onChange }: Props) {
  const [text, setText] = useState(String(value.minutes / scale.multiplier));
  const commit = useDebouncedCallback((raw: string) => {
    const c = checkThresholdInput(raw, scale);
    onChange(c.ok ? { ...value, minutes: c.minutes, error: null } : { ...value, error: c.message });
  }, DEBOUNCE_MS);
  const stop = nearestStop(value.minutes, scale);
  const id = `threshold-${scale.kind}`;
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Switch
          checked={value.enabled}
          onChange={(e) => onChange({ ...value, enabled: e.currentTarget.checked })}
          label={value.enabled ? 'On' : 'Off'}
          aria-label={`${label} alerts`}
        />
      </Group>
      <Slider
        min={0}
        max={scale.values.length - 1}
        step={1}
        value={stop}
        disabled={!value.enabled}
        label={(i) => thresholdText(scale.values[i] ?? 0)}
        onChange={(i) => {
          const minutes = scale.values[i] ?? scale.defaultMinutes;
          setText(String(minutes / scale.multiplier));
          onChange({ ...value, minutes, error: null });
        }}
        thumbLabel={`${label} slider`}
        mb="xs"
      />
      <TextInput
        id={id}
        label={`Alert after (${scale.unit})`}
        inputMode="numeric"
        value={text}
        disabled={!value.enabled}
        error={value.error}
        onChange={(e) => {
          // Digits only: anything else typed or pasted is dropped.
          const digits = e.currentTarget.value.replace(/\D+/g, '');
          setText(digits);
          commit(digits);
        }}
        description={value.error ? undefined : thresholdText(value.minutes)}
        maw={260}
      />
    </Stack>
  );
}
