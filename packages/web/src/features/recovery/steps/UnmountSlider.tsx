import { recoveryCalls, SHARE_SLIDER } from '@lifeboat/contract';
import { Slider, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callKey, invalidateCalls } from '../../../api/useCall';
import { formatDateTime } from '../../../format/dateTime';
import { setShareTtl } from '../api';

interface UnmountSliderProps {
  shareId: number;
  options: { value: number; label: string }[];
  initial: number;
  expireTime: number | null;
}

/** Every one of the ten stops is a mark (spec: recovery-flow 9), labelled short so all fit at 390 px. */
export function sliderMarks(options: { value: number; label: string }[]) {
  return options.map((o, value) => ({ value, label: shortDuration(o.value) }));
}

/** "1h", "36h", "7d": seconds as the largest whole unit. */
export function shortDuration(seconds: number): string {
  const hours = seconds / 3600;
  return hours >= 48 && hours % 24 === 0 ? `${hours / 24}d` : `${hours}h`;
}

/** The unmount-time slider (0 to 9, default 5: spec recovery-flow 9) that sets the share's lifetime. */
export function UnmountSlider({ shareId, options, initial, expireTime }: UnmountSliderProps) {
  const qc = useQueryClient();
  const [index, setIndex] = useState(initial);
  const ttl = useMutation({
    mutationFn: (i: number) => setShareTtl(shareId, options[i]?.value ?? 0),
    // Only what shows the expiry is read again: a refetch of the whole wizard once re-sent its
    // expose request, which found this share open and offered to remove it.
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: callKey(recoveryCalls.checkShare, { params: { shareId } }) });
      void invalidateCalls(qc, [recoveryCalls.resellerLocalShares]);
    },
  });
  const until = ttl.data?.newExpireTime ?? expireTime;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        Unmount after: {options[index]?.label}
      </Text>
      <Slider
        mx="sm"
        min={SHARE_SLIDER.min}
        max={SHARE_SLIDER.max}
        step={1}
        value={index}
        onChange={setIndex}
        onChangeEnd={(i) => ttl.mutate(i)}
        label={(i) => options[i]?.label}
        marks={sliderMarks(options)}
        thumbLabel="Unmount after"
        mb="lg"
      />
      <Text size="xs" c={ttl.error ? 'red' : 'dimmed'} role={ttl.error ? 'alert' : undefined}>
        {ttl.error ? ttl.error.message : until ? `The share is unmounted at ${formatDateTime(until)}.` : ''}
      </Text>
    </Stack>
  );
}
