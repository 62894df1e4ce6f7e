import { Badge } from '@mantine/core';

/** A status with a coloured dot; the text stays dark so it reads on any background (WCAG AA). */
export function StatusBadge({ color, label }: { color: string; label: string }) {
  return (
    <Badge variant="dot" color={color} c="dark.7" tt="none" fw={600}>
      {label}
    </Badge>
  );
}
