import { Avatar, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts.at(-1)?.[0] ?? ''}` : name.slice(0, 2);
  return letters.toUpperCase();
}

type AccountButtonProps = UnstyledButtonProps & ComponentPropsWithRef<'button'> & { name: string };

/** The signed-in person's initials, the account menu's button below 768 px. */
export function AccountButton({ name, ...props }: AccountButtonProps) {
  return (
    <UnstyledButton
      aria-label={`Account of ${name}`}
      style={{ display: 'flex', borderRadius: '50%' }}
      {...props}
    >
      <Avatar color="blue" variant="filled" radius="xl" size={36}>
        {initials(name)}
      </Avatar>
    </UnstyledButton>
  );
}
