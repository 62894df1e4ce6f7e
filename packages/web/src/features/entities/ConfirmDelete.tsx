import { useQueryClient } from '@tanstack/react-query';
import { invalidateCalls } from '../../api/useCall';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type DeletableEntity, deleteEntity } from './entitiesApi';
import { notifySaved } from './notifySaved';

interface ConfirmDeleteProps {
  entity: DeletableEntity;
  /** The row to delete; null keeps the dialog closed. */
  target: { id: number; label: string } | null;
  /** One sentence on what deleting means. */
  consequence: string;
  onClose: () => void;
}

/** Delete asks first (issue 5); a refusal (e.g. a client that still has devices) is shown here. */
export function ConfirmDelete({ entity, target, consequence, onClose }: ConfirmDeleteProps) {
  const client = useQueryClient();
  return (
    <ConfirmDialog
      opened={target !== null}
      title={`Delete ${target?.label ?? ''}?`}
      message={consequence}
      confirmLabel="Delete"
      errorTitle="Not deleted"
      onConfirm={async () => {
        if (!target) return;
        await deleteEntity(entity, target.id);
        notifySaved(`${target.label} was deleted.`);
        await invalidateCalls(client, ['entities']);
      }}
      onClose={onClose}
    />
  );
}
