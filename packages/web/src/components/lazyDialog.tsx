import { type ComponentType, lazy, Suspense, useState } from 'react';
import { DialogLoader } from './DialogLoader';

/**
 * A dialog (modal, drawer) whose code loads the first time it opens, not with the page that
 * holds it (issue 18 point 19: the dashboard's JavaScript budget). Until then it renders
 * nothing; while its code loads, the dimmed overlay and a loader (DialogLoader); once loaded it
 * stays mounted, so it opens and closes with its transitions as before. `isOpen` reads the open
 * state from the dialog's own props (`opened`, a selected id); a dialog the page mounts only
 * while it is open says `() => true`.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    const [wanted, setWanted] = useState(false);
    const open = isOpen(props);
    if (open && !wanted) setWanted(true);
    if (!open && !wanted) return null;
    return (
      <Suspense fallback={open ? <DialogLoader /> : null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
