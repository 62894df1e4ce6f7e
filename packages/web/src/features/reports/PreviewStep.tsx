import {
  BANDWIDTH_CHOICES,
  reportCalls as c,
  DEFAULT_BANDWIDTH,
  DEFAULT_SUGGESTED_ACTIONS,
  DEFAULT_SUMMARY,
  stripLineBreaks,
} from '@lifeboat/contract';
import { Button, Group, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { callUrl } from '../../api/call';
import { useCall } from '../../api/useCall';
import type { BuilderValues } from './builderForm';
import { ScheduleForm } from './ScheduleForm';

export interface Extras {
  summary: string;
  actions: string;
  bandwidth: number;
}
export const DEFAULT_EXTRAS: Extras = {
  summary: DEFAULT_SUMMARY,
  actions: DEFAULT_SUGGESTED_ACTIONS,
  bandwidth: DEFAULT_BANDWIDTH,
};

interface Props {
  reportId: number;
  options: BuilderValues;
  extras: Extras;
  onUpdate(extras: Extras): void;
  onBack(): void;
}

/** Step 3: the PDF embedded, its texts and speed editable, then Download or Schedule (spec 2, 4). */
export function PreviewStep({ reportId, options, extras, onUpdate, onBack }: Props) {
  const content = useCall(c.content, { params: { reportId } }, { staleTime: Number.POSITIVE_INFINITY });
  const [draft, setDraft] = useState<Extras>(extras);
  const url = useMemo(() => {
    if (!content.data) return null;
    const bytes = Uint8Array.from(atob(content.data.data), (ch) => ch.charCodeAt(0));
    return URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  }, [content.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  // spec 4: Update appears only when a text or the speed differs from its default.
  const changed =
    draft.summary !== DEFAULT_EXTRAS.summary ||
    draft.actions !== DEFAULT_EXTRAS.actions ||
    draft.bandwidth !== DEFAULT_EXTRAS.bandwidth;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      {url ? (
        <iframe
          title="Report preview"
          src={url}
          style={{ width: '100%', height: 720, border: '1px solid #ddd' }}
        />
      ) : (
        <div />
      )}
      <Stack>
        <Textarea
          label="Summary"
          autosize
          minRows={3}
          value={draft.summary}
          onChange={(e) => setDraft({ ...draft, summary: stripLineBreaks(e.currentTarget.value) })}
        />
        <Textarea
          label="Suggested actions"
          autosize
          minRows={3}
          value={draft.actions}
          onChange={(e) => setDraft({ ...draft, actions: stripLineBreaks(e.currentTarget.value) })}
        />
        <Select
          label="Internet speed for the time to restore"
          allowDeselect={false}
          data={BANDWIDTH_CHOICES.map((b) => ({ value: String(b), label: `${b} Mbit/s` }))}
          value={String(draft.bandwidth)}
          onChange={(v) => v && setDraft({ ...draft, bandwidth: Number(v) })}
        />
        <Group>
          {changed && <Button onClick={() => onUpdate(draft)}>Update</Button>}
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          {options.mode === 'oneoff' && (
            <Button
              component="a"
              href={callUrl(c.download, { reportId, from: options.from_date, to: options.to_date })}
              download
            >
              Download
            </Button>
          )}
        </Group>
        {/* The texts as typed, Updated or not: scheduling never drops an edit. */}
        {options.mode === 'scheduled' && <ScheduleForm options={options} extras={draft} />}
      </Stack>
    </SimpleGrid>
  );
}
