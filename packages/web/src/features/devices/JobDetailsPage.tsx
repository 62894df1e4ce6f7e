import { IconJob } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** A backup or replication job (/job/details/{id}). */
export function JobDetailsPage({ jobId }: { jobId: number }) {
  const { tab, home } = usePageLinks();
  return (
    <PlaceholderPage
      title={`Job ${jobId}`}
      eyebrow="Job"
      icon={<IconJob />}
      summary="One backup or replication job: its runs, their status and what each one transferred."
      parts={['Job status and schedule', 'Run history with start, end, size and result']}
      links={[tab('devices', 'Back to devices'), home]}
    />
  );
}
