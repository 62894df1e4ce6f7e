import {
  type OrgThresholdsAnswer,
  orgThresholdsForm,
  SETTINGS_THRESHOLD_KINDS,
  type ThresholdKind,
  type ThresholdSetting,
  thresholdScale,
} from '@lifeboat/contract';
import { Alert, Badge, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { call } from '../../api/call';
import { callKey } from '../../api/useCall';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useRight } from '../../session/session';
import { ThresholdField } from '../devices/ThresholdField';
import { type SettingsLevel, thresholdCalls } from './settingsQueries';

// The alert thresholds tab of the reseller and client settings pages (issue 17.4): the device's
// ThresholdField and the contract's input rules; only the values changed here are saved, so the
// others keep inheriting. Each value says where it comes from.

const LABELS: Record<ThresholdKind, string> = {
  server: 'Server backups',
  workstation: 'Workstation backups',
  local_cache: 'Local cache',
};

function sourceText(t: ThresholdSetting, level: SettingsLevel): string {
  if (t.inherited_from === null) return level === 'client' ? 'Set for this client' : 'Set for this reseller';
  return t.inherited_from === 'reseller' ? 'Inherited from the reseller' : 'Default';
}

const typed = (t: ThresholdSetting | undefined, kind: ThresholdKind) =>
  String((t?.minutes ?? thresholdScale(kind).defaultMinutes) / thresholdScale(kind).multiplier);

interface Props {
  level: SettingsLevel;
  id: number;
  settings: OrgThresholdsAnswer;
}

export function OrgThresholdsForm({ level, id, settings }: Props) {
  const qc = useQueryClient();
  const canEdit = useRight('edit_protection');
  const [resetting, setResetting] = useState<ThresholdKind | null>(null);
  const of = (kind: ThresholdKind) => settings.thresholds.find((t) => t.kind === kind);
  const defaults = (s: OrgThresholdsAnswer) => {
    const at = (kind: ThresholdKind) => s.thresholds.find((t) => t.kind === kind);
    return {
      server_minutes: typed(at('server'), 'server'),
      server_enabled: at('server')?.enabled ?? true,
      workstation_minutes: typed(at('workstation'), 'workstation'),
      workstation_enabled: at('workstation')?.enabled ?? true,
      local_cache_minutes: typed(at('local_cache'), 'local_cache'),
      local_cache_enabled: at('local_cache')?.enabled ?? true,
    };
  };
  const saved = (answer: OrgThresholdsAnswer, title: string) => {
    qc.setQueryData(callKey(thresholdCalls[level].get, { params: { id } }), answer);
    reset(defaults(answer));
    notifications.show({
      color: 'green',
      title,
      message: 'Systems below now use these values.',
      autoClose: 5000,
    });
  };
  const { form, onSubmit, formError, setFormError, saving, reset } = useSchemaForm(orgThresholdsForm, {
    defaultValues: defaults(settings),
    send: async (v) => {
      const dirty = form.formState.dirtyFields as Record<string, boolean | undefined>;
      const thresholds = SETTINGS_THRESHOLD_KINDS.filter(
        (k) => dirty[`${k}_minutes`] || dirty[`${k}_enabled`],
      ).map((kind) => ({ kind, minutes: v[`${kind}_minutes`], enabled: v[`${kind}_enabled`] }));
      if (thresholds.length === 0) return;
      const answer = await call(thresholdCalls[level].save, { params: { id }, json: { thresholds } });
      saved(answer, 'Alert thresholds saved');
    },
  });
  const inherit = async (kind: ThresholdKind) => {
    setResetting(kind);
    setFormError(null);
    try {
      const answer = await call(thresholdCalls[level].save, {
        params: { id },
        json: { thresholds: [{ kind, minutes: 0, enabled: true, inherit: true }] },
      });
      saved(answer, `${LABELS[kind]}: inherited again`);
    } catch (err) {
      setFormError(err instanceof Error ? err.message : String(err));
    } finally {
      setResetting(null);
    }
  };
  const invalid = Object.keys(form.formState.errors).length > 0;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={640}>
        <Text size="sm" c="dimmed">
          Lifeboat alerts when a system's newest restore point is older than its threshold. Values come from
          the default, then the reseller, then the client, then the system itself.
        </Text>
        {SETTINGS_THRESHOLD_KINDS.map((kind, i) => {
          const t = of(kind);
          const own = t?.inherited_from === null;
          return (
            <Fragment key={kind}>
              {i > 0 && <Divider />}
              <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                <ThresholdField
                  label={LABELS[kind]}
                  inputLabel={`${LABELS[kind]}: alert after (${thresholdScale(kind).unit})`}
                  scale={thresholdScale(kind)}
                  control={form.control}
                  name={`${kind}_minutes`}
                  enabledName={`${kind}_enabled`}
                  check={(name) => void form.trigger(name)}
                  source={
                    t && (
                      <Badge variant="light" color={own ? 'blue' : 'gray'} data-testid={`source-${kind}`}>
                        {sourceText(t, level)}
                      </Badge>
                    )
                  }
                />
              </fieldset>
              {own && canEdit && (
                <Group>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    loading={resetting === kind}
                    onClick={() => void inherit(kind)}
                  >
                    {level === 'client' ? 'Inherit from the reseller' : 'Back to the default'}
                  </Button>
                </Group>
              )}
            </Fragment>
          );
        })}
        {formError && (
          <Alert color="red" title="Not saved">
            {formError}
          </Alert>
        )}
        {canEdit && (
          <Group>
            <Button type="submit" loading={saving} disabled={invalid || !form.formState.isDirty}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
