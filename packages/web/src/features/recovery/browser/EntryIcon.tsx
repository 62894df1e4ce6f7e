import { Icon } from '../../../components/icons';

/** A folder or a file, drawn like the shell's icons (decorative: the name beside it says what it is). */
export function EntryIcon({ folder }: { folder: boolean }) {
  return (
    <Icon
      size={16}
      style={{
        flexShrink: 0,
        color: folder ? 'var(--mantine-color-yellow-7)' : 'var(--mantine-color-dimmed)',
      }}
    >
      {folder ? (
        <path d="M3.5 7.5a2 2 0 0 1 2-2h4l2 2h7a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2z" />
      ) : (
        <path d="M14 3.5H7a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8.5zM14 3.5v5h5" />
      )}
    </Icon>
  );
}
