import { SHARE_SLIDER } from '@lifeboat/contract';
import { Slider, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { recoveryKeys, setShareTtl } from '../api';

interface UnmountSliderProps {
  shareId: number;
  options: { value: number; label: string }[];
  initial: number;
  expireTime: number | null;
}

/** The unmount-time slider (0 to 9, default 5: spec recovery-flow 9) that sets the share's lifetime. */
export function UnmountSlider({ shareId, options, initial, expireTime }: UnmountSliderProps) {
  const qc = useQueryClient();
  const [index, setIndex] = useState(initial);
  const ttl = useMutation({
    mutationFn: (i: number) => setShareTtl(shareId, options[i]?.value ?? 0),
    onSuccess: () => void qc.invalidateQueries({ queryKey: recoveryKeys.all }),
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
        marks={[
          { value: 0, label: options[0]?.label },
          { value: 5, label: options[5]?.label },
          { value: 9, label: options[9]?.label },
        ]}
        aria-label="Unmount after"
        mb="lg"
      />
      <Text size="xs" c={ttl.error ? 'red' : 'dimmed'} role={ttl.error ? 'alert' : undefined}>
        {ttl.error
          ? ttl.error.message
          : until
            ? `The share is unmounted at ${new Date(until).toLocaleString()}.`
            : ''}
      </Text>
    </Stack>
  );
}
