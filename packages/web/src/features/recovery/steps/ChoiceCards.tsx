import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';

export interface Choice<T extends string> {
  value: T;
  label: string;
  description: string;
  disabled?: string | false;
}

/** Large buttons for the choice steps (tool, type, restore type): one click chooses. */
export function ChoiceCards<T extends string>({
  choices,
  onChoose,
}: {
  choices: Choice<T>[];
  onChoose: (value: T) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: choices.length > 2 ? 3 : 2 }} spacing="md">
      {choices.map((c) => (
        <UnstyledButton
          key={c.value}
          onClick={() => onChoose(c.value)}
          disabled={Boolean(c.disabled)}
          aria-label={c.label}
          data-testid="choice"
          style={{ opacity: c.disabled ? 0.55 : 1, cursor: c.disabled ? 'not-allowed' : 'pointer' }}
        >
          <Paper withBorder radius="md" p="md" h="100%">
            <Text fw={600}>{c.label}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {c.disabled || c.description}
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
