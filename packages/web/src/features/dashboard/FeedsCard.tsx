import { Card, Skeleton, Text } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { ResellerActivityPanels } from '../recovery/ActivityPanels';
import { useCard } from './dashboardApi';
import classes from './FeedsCard.module.css';

/** Block 5: the server's feeds, sanitised again here before they reach the page. */
export function FeedsCard({ resellerId }: { resellerId: number }) {
  const { data, error } = useCard('feeds', resellerId);
  const html = useMemo(
    () =>
      data === undefined
        ? ''
        : DOMPurify.sanitize(data, {
            ALLOWED_TAGS: ['details', 'summary', 'ul', 'li', 'p', 'a', 'small', 'strong', 'em'],
            ALLOWED_ATTR: ['href', 'open', 'data-feed'],
          }),
    [data],
  );
  return (
    <Card withBorder padding="md" radius="md">
      <Text fw={650} mb="xs">
        Feeds
      </Text>
      {error && data === undefined ? (
        <Text size="sm" c="red.9" role="alert">
          {error.message}
        </Text>
      ) : data === undefined ? (
        <Skeleton height={90} radius="sm" aria-busy="true" />
      ) : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and by DOMPurify above
        <div className={classes.feeds} dangerouslySetInnerHTML={{ __html: html }} />
      )}
      <ResellerActivityPanels resellerId={resellerId} />
    </Card>
  );
}
