import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { browserTimeZone, setDisplayTimeZone } from '../format/dateTime';
import { sessionKeys } from './session';
import { saveTimeZone } from './sessionApi';

/**
 * Writes every date in the signed-in user's time zone (issue 24). The zone is set before the
 * pages below render, so each formats in it; a user without one gets the browser's, stored on
 * the server once so that the restore points' days are grouped in the same zone.
 */
export function useUserTimeZone(timeZone: string | null): void {
  setDisplayTimeZone(timeZone);
  const qc = useQueryClient();
  const sent = useRef(false);
  useEffect(() => {
    if (timeZone !== null || sent.current) return;
    sent.current = true;
    saveTimeZone(browserTimeZone())
      .then((session) => qc.setQueryData(sessionKeys.current(), session))
      // Not stored: the browser's zone is still used on screen; the next session tries again.
      .catch(() => undefined);
  }, [timeZone, qc]);
}
