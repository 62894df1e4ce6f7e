import { PlainLoader } from '../auth/plainFields';

/**
 * Shown while a dialog's code loads the first time it opens (lazyDialog): the dialog's own dimmed
 * overlay with a loader, so the click answers at once. Mantine's Overlay as markup, drawn by its
 * stylesheet, at the modal layer (z-index 200); announced politely to screen readers.
 */
export function DialogLoader() {
  return (
    <div
      className="m_9814e45f mantine-Overlay-root"
      data-fixed="true"
      data-center="true"
      style={{ '--overlay-z-index': 200 } as React.CSSProperties}
      role="status"
      aria-live="polite"
      data-testid="dialog-loading"
    >
      <PlainLoader size="var(--loader-size-lg)" color="var(--mantine-color-white)" />
      <div className="m_515a97f8 mantine-VisuallyHidden-root">Loading</div>
    </div>
  );
}
