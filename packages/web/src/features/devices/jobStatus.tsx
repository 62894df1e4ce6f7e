import type { JobDisplayStatus } from '@lifeboat/contract';
import type { ReactNode } from 'react';
import { IconRecover } from '../../components/icons';
import { IconCheck, IconClock, IconCross, IconPause, IconSkip, IconStorage } from './deviceIcons';

// Icon and colour of each display status and job type (spec 4 'Job status'), shared by the
// table, the legend and the details.

export const JOB_STATUS_STYLE: Record<JobDisplayStatus, { colour: string; icon: ReactNode; help: string }> = {
  'In Progress': {
    colour: 'blue',
    icon: <IconClock size={16} />,
    help: 'The job is running or about to resume.',
  },
  Completed: {
    colour: 'green',
    icon: <IconCheck size={16} />,
    help: 'The job finished and made a restore point.',
  },
  Failed: { colour: 'red', icon: <IconCross size={16} />, help: 'The job stopped with an error.' },
  Missed: {
    colour: 'gray',
    icon: <IconSkip size={16} />,
    help: 'The job did not start at its scheduled time.',
  },
  'Auto Paused': {
    colour: 'yellow',
    icon: <IconPause size={16} />,
    help: 'The job was paused automatically (for example the system went to sleep).',
  },
  'Manually Paused': { colour: 'orange', icon: <IconPause size={16} />, help: 'Someone paused the job.' },
};

export const jobStatusStyle = (status: string) =>
  JOB_STATUS_STYLE[status as JobDisplayStatus] ?? { colour: 'gray', icon: <IconClock size={16} />, help: '' };

export const JOB_TYPE_STYLE: Record<string, { icon: ReactNode; help: string }> = {
  Backup: { icon: <IconStorage size={16} />, help: 'A backup of the system to its appliance or the cloud.' },
  Replication: { icon: <IconRecover size={16} />, help: 'A copy of restore points to the cloud or a vault.' },
};

export const BACKUP_TYPE_HELP: Record<string, string> = {
  Initial: 'The first, complete backup of the system.',
  Incremental: 'Only what changed since the last backup.',
  Full: 'A complete new copy of the system.',
};
