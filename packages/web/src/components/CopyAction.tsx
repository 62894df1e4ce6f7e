import { ActionIcon, Button, Stack, Text, Tooltip } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy } from '../features/devices/deviceIcons';

interface CopyActionProps {
  value: string;
  /** What is copied, for the button's name: "the share path" reads "Copy the share path". */
  what: string;
  /** A small icon (beside a value in a table) or a button with words ("Copy link"). */
  look?: 'icon' | 'button';
  /** The button's words (look 'button'); "Copy" by default. */
  text?: string;
  copiedText?: string;
  /** A clipboard from useClipboard() when the row shows the refusal elsewhere (CopyFailed). */
  clipboard?: ReturnType<typeof useClipboard>;
}

export const COPY_FAILED = 'Could not copy: select the text and copy it by hand.';

/**
 * The one copy button of the app. A browser may refuse the clipboard (no permission, an insecure
 * page): the refusal is said under the button, never dropped (spec: recovery-flow 8,
 * 'Copy-to-clipboard failure'; Mantine's CopyButton drops it silently).
 */
export function CopyAction({
  value,
  what,
  look = 'button',
  text = 'Copy',
  copiedText = 'Copied',
  clipboard: shared,
}: CopyActionProps) {
  const own = useClipboard();
  const clipboard = shared ?? own;
  const name = `Copy ${what}`;
  const copy = () => clipboard.copy(value);
  return (
    <Stack gap={2} align="flex-start">
      {look === 'icon' ? (
        <Tooltip label={clipboard.copied ? copiedText : name} withArrow>
          <ActionIcon
            variant="subtle"
            color={clipboard.copied ? 'green' : 'gray'}
            aria-label={name}
            onClick={copy}
          >
            {clipboard.copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button size="xs" variant="light" onClick={copy} aria-label={text === 'Copy' ? name : undefined}>
          {clipboard.copied ? copiedText : text}
        </Button>
      )}
      {!shared && <CopyFailed clipboard={clipboard} />}
    </Stack>
  );
}

/** The refusal of a copy, in words, where the row has room for it. */
export function CopyFailed({ clipboard }: { clipboard: ReturnType<typeof useClipboard> }) {
  return clipboard.error ? (
    <Text size="xs" c="red.9" role="alert">
      {COPY_FAILED}
    </Text>
  ) : null;
}
