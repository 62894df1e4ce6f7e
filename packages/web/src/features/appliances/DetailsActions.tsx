import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { PageLink } from '../../components/usePageLinks';

/**
 * The header buttons of an appliance's and a vault's page: back to the list the person came
 * from, and the support login when their role may use it (spec 2.1). One component so both
 * pages keep the same order, sizes and new-tab behaviour.
 */
export function DetailsActions({ back, supportHref }: { back: PageLink | null; supportHref: string | null }) {
  return (
    <Group gap="xs">
      {back && (
        <Button component={Link} to={back.to} variant="default" size="xs">
          {back.label}
        </Button>
      )}
      {supportHref && (
        <Button component="a" href={supportHref} target="_blank" rel="noopener" size="xs">
          Support login
        </Button>
      )}
    </Group>
  );
}
