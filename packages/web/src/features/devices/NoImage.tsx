import { Center, Stack, Text } from '@mantine/core';
import { IconImageOff } from './deviceIcons';

/**
 * The AutoVerify no-image placeholder (spec 8 'No image'), the same on the device page and in the
 * dashboard's AutoVerify cell (issue 18.18: a macOS system has no screenshot and says so in both).
 */
export function NoImage({ width, height }: { width: number; height: number }) {
  const roomy = height >= 60;
  return (
    <Center
      style={{
        width,
        maxWidth: '100%',
        aspectRatio: `${width} / ${height}`,
        borderRadius: roomy ? 6 : 4,
        background: 'var(--mantine-color-gray-1)',
        border: '1px dashed var(--mantine-color-gray-4)',
        flexShrink: 0,
      }}
      data-testid="no-image"
    >
      <Stack gap={2} align="center">
        {roomy && <IconImageOff size={22} color="var(--mantine-color-gray-6)" />}
        <Text size="xs" c="dimmed" fz={roomy ? undefined : 10} lh={1.1}>
          No image
        </Text>
      </Stack>
    </Center>
  );
}
