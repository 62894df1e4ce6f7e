import { Accordion, Card, Skeleton, Text } from '@mantine/core';
import { type MouseEvent, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ResellerActivityPanels } from '../recovery/ActivityPanels';
import { useFeeds } from './dashboardApi';
import classes from './FeedsCard.module.css';
import { parseFeeds } from './feedMarkup';

/** Block 5: the feeds as an accordion, every feed open; their links move inside the app. */
export function FeedsCard({ resellerId }: { resellerId: number }) {
  const { data, error } = useFeeds(resellerId);
  const navigate = useNavigate();
  const feeds = useMemo(() => (data === undefined ? [] : parseFeeds(data)), [data]);
  const follow = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (!href?.startsWith('/') || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(href);
  };
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
        <Accordion
          multiple
          variant="separated"
          defaultValue={feeds.map((f) => f.key)}
          data-testid="feeds"
          styles={{ control: { paddingBlock: 4 }, label: { paddingBlock: 6, fontWeight: 600 } }}
        >
          {feeds.map((f) => (
            <Accordion.Item key={f.key} value={f.key} data-feed={f.key}>
              <Accordion.Control>
                <Text size="sm" fw={600}>
                  {f.title}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only hands the links' own clicks to the router; keyboard activation of a link fires click too */}
                <div className={classes.feeds} onClick={follow}>
                  {f.body}
                </div>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      <ResellerActivityPanels resellerId={resellerId} />
    </Card>
  );
}
