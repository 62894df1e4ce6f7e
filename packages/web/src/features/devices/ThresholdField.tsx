import { checkThresholdInput, nearestStop, type ThresholdScale, thresholdText } from '@lifeboat/contract';
import { Group, Slider, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type ReactNode, useRef } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

interface Props<F extends FieldValues, T extends FieldValues> {
  label: string;
  scale: ThresholdScale;
  control: Control<F, unknown, T>;
  /** The typed value (hours or days, as text) and its on/off switch. */
  name: Path<F>;
  enabledName: Path<F>;
  /** Check the typed value against the form's schema (debounced as the person types). */
  check: (name: Path<F>) => void;
  /** The typed input's label, when a form shows more than one scale in the same unit. */
  inputLabel?: string;
  /** Shown beside the label: where the value comes from (settings pages). */
  source?: ReactNode;
}

/** recovery-flow 9: threshold input debounce 250 ms. */
const DEBOUNCE_MS = 250;

/**
 * One alert threshold: a slider over the spec's minute stops and a digits-only input in hours or
 * days, checked against the range by the form's schema (inventory 5 'Threshold input').
 */
export function ThresholdField<F extends FieldValues, T extends FieldValues>({
  label,
  scale,
  control,
  name,
  enabledName,
  check,
  inputLabel,
  source,
}: Props<F, T>) {
  const text = useController({ control, name });
  const enabled = useController({ control, name: enabledName });
  const typed = checkThresholdInput(String(text.field.value ?? ''), scale);
  // The slider stays on the last valid value while the typed one is not.
  const lastValid = useRef(typed.ok ? typed.minutes : scale.defaultMinutes);
  if (typed.ok) lastValid.current = typed.minutes;
  const debouncedCheck = useDebouncedCallback(() => check(name), DEBOUNCE_MS);
  const error = text.fieldState.error?.message;
  const on = enabled.field.value === true;
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          {source}
        </Group>
        <Switch
          checked={on}
          onChange={(e) => enabled.field.onChange(e.currentTarget.checked)}
          label={on ? 'On' : 'Off'}
          aria-label={`${label} alerts`}
        />
      </Group>
      <Slider
        min={0}
        max={scale.values.length - 1}
        step={1}
        value={nearestStop(lastValid.current, scale)}
        disabled={!on}
        label={(i) => thresholdText(scale.values[i] ?? 0)}
        onChange={(i) => {
          const minutes = scale.values[i] ?? scale.defaultMinutes;
          text.field.onChange(String(minutes / scale.multiplier));
          check(name);
        }}
        thumbLabel={`${label} slider`}
        mb="xs"
      />
      <TextInput
        id={`threshold-${scale.kind}`}
        label={inputLabel ?? `Alert after (${scale.unit})`}
        inputMode="numeric"
        name={text.field.name}
        ref={text.field.ref}
        value={String(text.field.value ?? '')}
        disabled={!on}
        error={error}
        onChange={(e) => {
          // Digits only: anything else typed or pasted is dropped.
          text.field.onChange(e.currentTarget.value.replace(/\D+/g, ''));
          debouncedCheck();
        }}
        onBlur={text.field.onBlur}
        description={error ? undefined : thresholdText(lastValid.current)}
        maw={260}
      />
    </Stack>
  );
}
