import { type AutoVerifyData, deviceCalls } from '@lifeboat/contract';
import { Alert, Anchor, Group, Loader, Modal, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { useCall } from '../../api/useCall';
import { AutoVerifyThumbnail } from './AutoVerifyThumbnail';
import { Fact } from './DeviceCard';
import { IconCheck, IconCross } from './deviceIcons';
import { errorText } from './errors';
import { formatDateTime } from './format';

/** AutoVerify results modal (spec 4): loading, error or loaded; icon and colour by result. */
export function AutoVerifyModal({
  deviceId,
  opened,
  onClose,
}: {
  deviceId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const q = useCall(deviceCalls.lastAutoVerify, { params: { id: deviceId } }, { enabled: opened });
  const d = q.data?.ok ? q.data.data : null;
  const failedText = q.error
    ? errorText(q.error)
    : q.data && !q.data.ok
      ? errorText(q.data.message ?? '')
      : null;
  const ok = d?.autoverify_status === 'success';
  const repository = d?.verification === 'repository_check';
  const name = repository ? 'Repository check' : 'AutoVerify';
  const title = d ? (
    <Group gap="xs">
      <ThemeIcon
        color={ok ? 'green' : 'red'}
        variant="light"
        radius="xl"
        size="md"
        data-testid="autoverify-result-icon"
      >
        {ok ? <IconCheck size={16} /> : <IconCross size={16} />}
      </ThemeIcon>
      {/* The icon carries the colour: green 9 text is 4.4:1 on white, under AA (issue 18.20). */}
      <Text fw={650}>{ok ? `${name} ${repository ? 'passed' : 'succeeded'}` : `${name} failed`}</Text>
    </Group>
  ) : (
    'Verification result'
  );
  const check = (v: string) => (v === 'Passed' ? 'Passed' : 'Failed');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      {q.isPending && (
        <Group justify="center" py="lg">
          <Loader aria-label="Loading the verification result" />
        </Group>
      )}
      {failedText && (
        <Alert color="red" title="Could not load the verification result">
          {failedText}
        </Alert>
      )}
      {d && repository && <RepositoryCheckFacts d={d} onClose={onClose} />}
      {d && !repository && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <AutoVerifyThumbnail params={d.autoverify_url_params} width={250} height={156} />
          <Stack gap={6}>
            <Text size="sm">{d.autoverify_result}</Text>
            <Fact label="Restore point">{formatDateTime(d.autoverify_last_rp)}</Fact>
            <Fact label="Started">{formatDateTime(d.start_time)}</Fact>
            <Fact label="Ended">{formatDateTime(d.end_time)}</Fact>
            <Fact label="Heartbeat">{d.heartbeat ? 'Answered' : 'No answer'}</Fact>
            <Fact label="System boot">{check(d.system_boot_check)}</Fact>
            <Fact label="VSS">{check(d.vss_status)}</Fact>
            <Fact label="chkdsk">{check(d.chkdsk_status)}</Fact>
            <Fact label="Verified on">
              {d.target_info.target_link ? (
                <Anchor component={Link} to={d.target_info.target_link} onClick={onClose} size="sm">
                  {d.target_info.target_link_text}
                </Anchor>
              ) : (
                d.target_info.target_link_text
              )}
            </Fact>
          </Stack>
        </SimpleGrid>
      )}
    </Modal>
  );
}

/** A repository check has no screen: what it found, when, and which source it read. */
function RepositoryCheckFacts({ d, onClose }: { d: AutoVerifyData; onClose: () => void }) {
  return (
    <Stack gap={6}>
      <Text size="sm">{d.autoverify_result}</Text>
      <Fact label="Newest restore point">{formatDateTime(d.autoverify_last_rp)}</Fact>
      <Fact label="Started">{formatDateTime(d.start_time)}</Fact>
      <Fact label="Ended">{formatDateTime(d.end_time)}</Fact>
      <Fact label="Backup source">
        <Anchor component={Link} to={d.target_info.target_link} onClick={onClose} size="sm">
          {d.target_info.target_link_text}
        </Anchor>
      </Fact>
    </Stack>
  );
}
