import { Group, Text } from '@mantine/core';

interface LifeboatMarkProps {
  size?: number;
  /** Show the product name next to the mark. */
  withName?: boolean;
  nameSize?: 'md' | 'lg' | 'xl';
  /** For dark backgrounds: a white tile and a white name. */
  inverted?: boolean;
}

/** The Lifeboat mark: a lifebuoy on a deep-blue tile, with the product name. */
export function LifeboatMark({
  size = 32,
  withName = true,
  nameSize = 'lg',
  inverted = false,
}: LifeboatMarkProps) {
  const tile = inverted ? 'var(--mantine-color-white)' : 'var(--mantine-color-blue-9)';
  const ring = inverted ? 'var(--mantine-color-blue-9)' : 'var(--mantine-color-white)';
  return (
    <Group gap={10} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill={tile} />
        <circle cx="16" cy="16" r="8.5" fill="none" stroke={ring} strokeWidth="5" />
        <circle
          cx="16"
          cy="16"
          r="8.5"
          fill="none"
          stroke="var(--mantine-color-orange-7)"
          strokeWidth="5"
          strokeDasharray="6.676 6.676"
          transform="rotate(-22.5 16 16)"
        />
      </svg>
      {withName && (
        <Text
          component="span"
          fw={700}
          size={nameSize}
          c={inverted ? 'white' : 'blue.9'}
          lh={1}
          style={{ letterSpacing: '-0.01em' }}
        >
          Lifeboat
        </Text>
      )}
    </Group>
  );
}
