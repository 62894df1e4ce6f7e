import type { CSSProperties } from 'react';

interface LifeboatMarkProps {
  size?: number;
  /** Show the product name next to the mark. */
  withName?: boolean;
  nameSize?: 'md' | 'lg' | 'xl';
  /** For dark backgrounds: a white tile and a white name. */
  inverted?: boolean;
}

/**
 * The Lifeboat mark: a lifebuoy on a deep-blue tile, with the product name. Mantine's Group and
 * Text as markup (drawn by Mantine's stylesheet): the sign-in page shows it before Mantine's
 * JavaScript has loaded (issue 18 point 19).
 */
export function LifeboatMark({
  size = 32,
  withName = true,
  nameSize = 'lg',
  inverted = false,
}: LifeboatMarkProps) {
  const tile = inverted ? 'var(--mantine-color-white)' : 'var(--mantine-color-blue-9)';
  const ring = inverted ? 'var(--mantine-color-blue-9)' : 'var(--mantine-color-white)';
  const group = {
    '--group-gap': 'calc(0.625rem * var(--mantine-scale))',
    '--group-align': 'center',
    '--group-justify': 'flex-start',
    '--group-wrap': 'nowrap',
  } as CSSProperties;
  const text = {
    '--text-fz': `var(--mantine-font-size-${nameSize})`,
    '--text-lh': `var(--mantine-line-height-${nameSize})`,
    letterSpacing: '-0.01em',
    color: inverted ? 'var(--mantine-color-white)' : 'var(--mantine-color-blue-9)',
    fontWeight: 700,
    lineHeight: 1,
  } as CSSProperties;
  return (
    <div className="m_4081bf90 mantine-Group-root" style={group}>
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
        <span className="mantine-focus-auto m_b6d8b162 mantine-Text-root" data-size={nameSize} style={text}>
          Lifeboat
        </span>
      )}
    </div>
  );
}
