import {
  ALERT_SEVERITIES,
  type AlertRule,
  type AlertRuleAnswer,
  alertCalls,
  DEFAULT_ALERT_ROUTING,
  type EmailMode,
  FAILURES_IN_A_ROW_MAX,
  type MinSeverity,
  OFFICE_HOURS_MAX,
  OFFICE_HOURS_MIN,
  OFFLINE_MINUTES_MAX,
  OFFLINE_MINUTES_MIN,
  REMIND_HOURS_MAX,
  STORAGE_ALERT_PERCENTS,
  type WebhookMode,
} from '@lifeboat/contract';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { call } from '../../api/call';
import type { SettingsLevel } from './settingsQueries';

// The alert rule of a reseller (the default of its clients) or of a client (issue 27.3): which
// conditions raise alerts, and who is told how: e-mail at once or as an hourly or daily digest,
// from which severity, with quiet hours in the rule's time zone; and which webhook endpoints hear
// of them. The conditions are listed from the rule itself, so a new condition shows here as soon
// as the contract has it.

const ruleCalls = {
  reseller: { get: alertCalls.resellerRule, save: alertCalls.saveResellerRule },
  client: { get: alertCalls.clientRule, save: alertCalls.saveClientRule },
} as const;

const ruleKey = (level: SettingsLevel, id: number) => ['settings', level, id, 'alert-rule'] as const;

const CONDITION_LABELS: Record<string, string> = {
  backup_failed: 'A backup failed several times in a row',
  no_restore_point: 'No restore point within the threshold',
  appliance_offline: 'An appliance is offline',
  autoverify_failed: 'AutoVerify or a repository check failed',
  storage_over_threshold: "An appliance's storage or the cloud storage quota is nearly full",
  office_overrunning: 'A virtual office runs longer than planned',
  export_unused: 'An FTPS export is about to expire and nobody has used it',
  failover_approval_waiting: 'A production failover waits for approval',
};
const conditionLabel = (key: string) =>
  CONDITION_LABELS[key] ?? `${key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())}`;

const SEVERITY_LABELS: Record<string, string> = { critical: 'Critical', warning: 'Warning', info: 'Info' };
const MIN_LABELS: Record<MinSeverity, string> = {
  info: 'Every alert',
  warning: 'Warnings and critical alerts',
  critical: 'Critical alerts only',
};
const HOURS = Array.from({ length: 24 }, (_, h) => ({
  value: String(h),
  label: `${String(h).padStart(2, '0')}:00`,
}));

function zones(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...all.filter((z) => z !== 'UTC')];
}
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function sourceText(a: AlertRuleAnswer): string {
  if (a.source === 'own') return a.level === 'client' ? 'Set for this client' : 'Set for this reseller';
  return a.source === 'reseller' ? 'Inherited from the reseller' : 'Default';
}

export function AlertRuleTab({ level, id }: { level: SettingsLevel; id: number }) {
  const q = useQuery({
    queryKey: ruleKey(level, id),
    queryFn: ({ signal }) => call(ruleCalls[level].get, { params: { id } }, { signal }),
  });
  if (q.isPending) return <Skeleton h={240} />;
  if (q.isError)
    return (
      <Alert color="red" title="The alert rule could not be loaded">
        {q.error.message}
      </Alert>
    );
  // Remount on each saved answer so the form starts from what is stored.
  return <RuleForm key={JSON.stringify(q.data)} level={level} id={id} answer={q.data} />;
}

function RuleForm({ level, id, answer }: { level: SettingsLevel; id: number; answer: AlertRuleAnswer }) {
  const qc = useQueryClient();
  const initial = useMemo<AlertRule>(() => {
    const r = answer.rule as AlertRule;
    // A rule never saved here proposes the editor's time zone rather than UTC.
    const tz = answer.source === 'own' ? r.routing.time_zone : browserZone();
    return { ...r, routing: { ...DEFAULT_ALERT_ROUTING, ...r.routing, time_zone: tz } };
  }, [answer]);
  const [rule, setRule] = useState<AlertRule>(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmDrop, setConfirmDrop] = useState(false);
  const options = useMemo(zones, []);
  const can = answer.can_edit;
  const routing = rule.routing;
  const setRouting = (over: Partial<AlertRule['routing']>) =>
    setRule({ ...rule, routing: { ...routing, ...over } });
  const dirty = JSON.stringify(rule) !== JSON.stringify(initial);

  const save = async (next: AlertRule | null) => {
    setSaving(true);
    setError(null);
    try {
      const saved = await call(ruleCalls[level].save, { params: { id }, json: { rule: next } });
      qc.setQueryData(ruleKey(level, id), saved);
      notifications.show({
        color: 'green',
        title: next
          ? 'Alert rule saved'
          : level === 'client'
            ? "The reseller's rule applies again"
            : 'Default rule applies again',
        message: 'The next evaluation, within a minute, uses it.',
        autoClose: 5000,
      });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
      setConfirmDrop(false);
    }
  };

  const conditions = Object.entries(rule.conditions) as [
    keyof AlertRule['conditions'],
    AlertRule['conditions'][keyof AlertRule['conditions']],
  ][];
  const chosenEmails = new Set(rule.recipients.map((r) => r.toLowerCase()));
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save(rule);
      }}
    >
      <fieldset disabled={!can || saving} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg" maw={760}>
          <Group justify="space-between" align="flex-start">
            <Text size="sm" c="dimmed" maw={560}>
              {level === 'client'
                ? "Which alerts this client's systems raise and who hears of them. Without its own rule, the client follows its reseller's."
                : "Which alerts this reseller's systems raise and who hears of them. Its clients follow this rule unless they have their own."}
            </Text>
            <Badge
              variant="light"
              color={answer.source === 'own' ? 'blue' : 'gray'}
              data-testid="rule-source"
            >
              {sourceText(answer)}
            </Badge>
          </Group>

          <Stack gap="xs">
            <Title order={2} size="h5">
              What raises an alert
            </Title>
            {conditions.map(([key, c]) => (
              <Group key={key} justify="space-between" wrap="wrap" gap="xs">
                <Switch
                  label={conditionLabel(key)}
                  checked={c.enabled}
                  onChange={(e) =>
                    setRule({
                      ...rule,
                      conditions: { ...rule.conditions, [key]: { ...c, enabled: e.currentTarget.checked } },
                    })
                  }
                />
                <Select
                  aria-label={`${conditionLabel(key)}: severity`}
                  w={140}
                  size="xs"
                  data={ALERT_SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LABELS[s] ?? s }))}
                  value={c.severity}
                  allowDeselect={false}
                  disabled={!c.enabled || !can}
                  onChange={(v) =>
                    v &&
                    setRule({
                      ...rule,
                      conditions: { ...rule.conditions, [key]: { ...c, severity: v as typeof c.severity } },
                    })
                  }
                />
              </Group>
            ))}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                label="Failures in a row before an alert"
                min={1}
                max={FAILURES_IN_A_ROW_MAX}
                value={rule.failures_in_a_row}
                onChange={(v) => setRule({ ...rule, failures_in_a_row: Number(v) || 0 })}
              />
              <NumberInput
                label="Minutes offline before an alert"
                min={OFFLINE_MINUTES_MIN}
                max={OFFLINE_MINUTES_MAX}
                value={rule.offline_minutes}
                onChange={(v) => setRule({ ...rule, offline_minutes: Number(v) || 0 })}
              />
              {/* The spec's cloud storage levels (dashboard 9): 70, 90 and 100 percent. */}
              <Select
                label="Storage used before an alert"
                data={STORAGE_ALERT_PERCENTS.map((p) => ({ value: String(p), label: `${p}% or more` }))}
                value={String(rule.storage_percent)}
                allowDeselect={false}
                disabled={!can}
                onChange={(v) =>
                  v && setRule({ ...rule, storage_percent: Number(v) as AlertRule['storage_percent'] })
                }
              />
              <NumberInput
                label="Hours a virtual office may run without a planned stop"
                description="An office with an auto-stop is late once that time has passed."
                min={OFFICE_HOURS_MIN}
                max={OFFICE_HOURS_MAX}
                value={rule.office_hours}
                onChange={(v) => setRule({ ...rule, office_hours: Number(v) || 0 })}
              />
            </SimpleGrid>
            <Checkbox
              label="Stay quiet about workstations that are simply switched off (missed, nothing failed)"
              checked={rule.suppress_powered_off}
              onChange={(e) => setRule({ ...rule, suppress_powered_off: e.currentTarget.checked })}
            />
          </Stack>

          <Divider />
          <Stack gap="xs">
            <Title order={2} size="h5">
              Who is told by e-mail
            </Title>
            {answer.recipient_choices.length > 0 && (
              <Stack gap={4}>
                <Text size="sm">
                  {level === 'client' ? "This client's users:" : "This reseller's users:"}
                </Text>
                <Group gap="md">
                  {answer.recipient_choices.map((u) => (
                    <Checkbox
                      key={u.email}
                      label={`${u.name} (${u.email})`}
                      checked={chosenEmails.has(u.email.toLowerCase())}
                      onChange={(e) =>
                        setRule({
                          ...rule,
                          recipients: e.currentTarget.checked
                            ? [...rule.recipients, u.email]
                            : rule.recipients.filter((r) => r.toLowerCase() !== u.email.toLowerCase()),
                        })
                      }
                    />
                  ))}
                </Group>
              </Stack>
            )}
            <TagsInput
              label="E-mail addresses"
              description="Press Enter after each address. Nobody is e-mailed while this is empty."
              placeholder={rule.recipients.length === 0 ? 'oncall@example.com' : undefined}
              value={rule.recipients}
              onChange={(v) => setRule({ ...rule, recipients: v })}
              splitChars={[',', ' ', ';']}
            />
            <Radio.Group
              label="How they are told"
              value={routing.email}
              onChange={(v) => setRouting({ email: v as EmailMode })}
            >
              <Stack gap={6} mt={6}>
                <Radio value="each" label="One e-mail for each alert that opens or resolves" />
                <Radio value="hourly" label="One digest an hour, with every change since the last one" />
                <Radio value="daily" label="One digest a day, with every change since the last one" />
              </Stack>
            </Radio.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {routing.email === 'daily' && (
                <Select
                  label="Send the daily digest at"
                  data={HOURS}
                  value={String(routing.daily_at)}
                  allowDeselect={false}
                  onChange={(v) => v !== null && setRouting({ daily_at: Number(v) })}
                />
              )}
              <Select
                label="E-mail about"
                data={(Object.keys(MIN_LABELS) as MinSeverity[]).map((s) => ({
                  value: s,
                  label: MIN_LABELS[s],
                }))}
                value={routing.email_min_severity}
                allowDeselect={false}
                onChange={(v) => v && setRouting({ email_min_severity: v as MinSeverity })}
              />
            </SimpleGrid>
            <NumberInput
              label="Remind every … hours while nobody has acknowledged it"
              description="0: no reminders. Acknowledged, snoozed and resolved alerts are not reminded."
              min={0}
              max={REMIND_HOURS_MAX}
              allowDecimal={false}
              value={Number.isNaN(routing.remind_hours) ? '' : routing.remind_hours}
              // Empty is sent as no number: the server's sentence asks for one.
              onChange={(v) => setRouting({ remind_hours: v === '' ? Number.NaN : Number(v) })}
            />
            <Checkbox
              label="Quiet hours: hold e-mail during these hours and send it as one digest when they end"
              description="Webhooks are never held: the systems they feed keep their own hours."
              checked={routing.quiet_hours !== null}
              onChange={(e) =>
                setRouting({ quiet_hours: e.currentTarget.checked ? { start: '22:00', end: '07:00' } : null })
              }
            />
            {routing.quiet_hours && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  type="time"
                  label="Quiet from"
                  value={routing.quiet_hours.start}
                  onChange={(e) =>
                    setRouting({
                      quiet_hours: { end: routing.quiet_hours?.end ?? '07:00', start: e.currentTarget.value },
                    })
                  }
                />
                <TextInput
                  type="time"
                  label="Until"
                  value={routing.quiet_hours.end}
                  onChange={(e) =>
                    setRouting({
                      quiet_hours: {
                        start: routing.quiet_hours?.start ?? '22:00',
                        end: e.currentTarget.value,
                      },
                    })
                  }
                />
              </SimpleGrid>
            )}
            <Select
              label="Time zone of these hours"
              searchable
              data={options}
              value={routing.time_zone}
              allowDeselect={false}
              onChange={(v) => v && setRouting({ time_zone: v })}
              maw={360}
            />
          </Stack>

          <Divider />
          <Stack gap="xs">
            <Title order={2} size="h5">
              Webhooks
            </Title>
            <Radio.Group
              value={routing.webhooks}
              onChange={(v) => setRouting({ webhooks: v as WebhookMode })}
            >
              <Stack gap={6}>
                <Radio value="all" label="Post each change to every enabled endpoint" />
                <Radio
                  value="chosen"
                  label="Post each change to the endpoints chosen below"
                  disabled={answer.webhook_choices.length === 0 || !can}
                />
                <Radio value="none" label="Post nothing" />
              </Stack>
            </Radio.Group>
            {answer.webhook_choices.length === 0 ? (
              <Text size="sm" c="dimmed">
                No webhook endpoints yet: a reseller adds them in its Webhooks tab.
              </Text>
            ) : (
              routing.webhooks === 'chosen' && (
                <Group gap="md">
                  {answer.webhook_choices.map((w) => (
                    <Checkbox
                      key={w.id}
                      label={w.name}
                      checked={routing.webhook_ids.includes(w.id)}
                      onChange={(e) =>
                        setRouting({
                          webhook_ids: e.currentTarget.checked
                            ? [...routing.webhook_ids, w.id]
                            : routing.webhook_ids.filter((x) => x !== w.id),
                        })
                      }
                    />
                  ))}
                </Group>
              )
            )}
            {routing.webhooks !== 'none' && (
              <Select
                label="Post about"
                data={(Object.keys(MIN_LABELS) as MinSeverity[]).map((s) => ({
                  value: s,
                  label: MIN_LABELS[s],
                }))}
                value={routing.webhook_min_severity}
                allowDeselect={false}
                onChange={(v) => v && setRouting({ webhook_min_severity: v as MinSeverity })}
                maw={360}
              />
            )}
          </Stack>

          {error && (
            <Alert color="red" title="Not saved">
              {error}
            </Alert>
          )}
          {can && (
            <Group>
              <Button type="submit" loading={saving} disabled={!dirty}>
                Save
              </Button>
              {answer.source === 'own' &&
                (confirmDrop ? (
                  <>
                    <Text size="sm">
                      {level === 'client'
                        ? "Drop this client's own rule and follow the reseller's?"
                        : 'Drop this rule and go back to the default?'}
                    </Text>
                    <Button color="red" variant="light" onClick={() => void save(null)} loading={saving}>
                      {level === 'client' ? "Follow the reseller's rule" : 'Go back to the default'}
                    </Button>
                    <Button variant="subtle" onClick={() => setConfirmDrop(false)}>
                      Keep it
                    </Button>
                  </>
                ) : (
                  <Button variant="subtle" onClick={() => setConfirmDrop(true)}>
                    {level === 'client' ? "Use the reseller's rule" : 'Back to the default'}
                  </Button>
                ))}
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
