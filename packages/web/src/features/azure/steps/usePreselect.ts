import { useEffect, useRef } from 'react';

/** spec 4: a single available entity is preselected (once per list). */
export function usePreselect<R>(
  rows: R[] | undefined,
  selected: unknown,
  disabledReason: (row: R) => string | null,
  choose: (row: R) => unknown,
) {
  const done = useRef<R[] | undefined>(undefined);
  useEffect(() => {
    if (!rows || done.current === rows || (selected !== null && selected !== undefined)) return;
    done.current = rows;
    const only = rows.length === 1 ? rows[0] : undefined;
    if (only !== undefined && disabledReason(only) === null) void choose(only);
  }, [rows, selected, disabledReason, choose]);
}
