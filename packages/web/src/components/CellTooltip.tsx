import { Tooltip } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/**
 * A tooltip for table cells that costs nothing until it is wanted: thirty Mantine tooltips
 * mounted with a table page held up its first paint, so the real one is mounted on the first
 * hover or focus, already open.
 */
export function CellTooltip({ label, children }: { label: string; children: ReactNode }) {
  const [armed, setArmed] = useState(false);
  if (armed) {
    return (
      <Tooltip label={label} multiline w={260} withArrow defaultOpened>
        <span style={{ display: 'inline-block' }}>{children}</span>
      </Tooltip>
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only arms the tooltip; the content is readable without it
    <span
      style={{ display: 'inline-block' }}
      onMouseEnter={() => setArmed(true)}
      onFocus={() => setArmed(true)}
    >
      {children}
    </span>
  );
}
