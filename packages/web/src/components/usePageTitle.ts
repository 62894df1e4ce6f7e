import { useEffect } from 'react';

/** Sets the document title, so history entries and browser tabs are readable. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Lifeboat`;
  }, [title]);
}
