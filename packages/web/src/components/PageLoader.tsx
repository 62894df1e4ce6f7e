import { PlainLoader } from '../auth/plainFields';

/**
 * Shown while a page's code or the session loads; announced politely to screen readers. Mantine's
 * Center, Loader and VisuallyHidden as markup (drawn by Mantine's stylesheet): it is shown before
 * Mantine's JavaScript has loaded (issue 18 point 19).
 */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      className="m_4451eb3a mantine-Center-root"
      style={{ minHeight: fullScreen ? '100dvh' : 'calc(15rem * var(--mantine-scale))' }}
      role="status"
      aria-live="polite"
    >
      <PlainLoader size="var(--loader-size-md)" />
      <div className="m_515a97f8 mantine-VisuallyHidden-root">Loading</div>
    </div>
  );
}
