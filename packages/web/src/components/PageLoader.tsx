import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Shown while a page's code or the session loads; announced politely to screen readers. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center mih={fullScreen ? '100dvh' : 240} role="status" aria-live="polite">
      <Loader size="md" />
      <VisuallyHidden>Loading</VisuallyHidden>
    </Center>
  );
}
