import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { colourVar } from './statusColour';

interface ToneBadgeProps extends Omit<BadgeProps, 'color' | 'variant'> {
  /** Mantine colour name of the tone ("green", "gray.4"). */
  colour: string;
  icon?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
  'aria-label'?: string;
}

/**
 * A status badge whose text stays readable (WCAG AA): dark text on the tone's light tint, the tone
 * in the border and the icon. Mantine's light badges put shade-6 text on the tint, below 4.5:1.
 */
export function ToneBadge({ colour, icon, children, style, ...rest }: ToneBadgeProps) {
  const [name] = colour.split('.');
  return (
    <Badge
      color={colour}
      variant="light"
      leftSection={
        icon ? <span style={{ display: 'flex', color: colourVar(`${name}.8`) }}>{icon}</span> : undefined
      }
      style={{
        color: 'var(--mantine-color-dark-7)',
        border: `1px solid ${colourVar(`${name}.3`)}`,
        ...style,
      }}
      {...rest}
    >
      {children}
    </Badge>
  );
}
