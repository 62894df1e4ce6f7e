import { securityCalls } from '@lifeboat/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call';
import { invalidateCalls } from '../../api/useCall';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifySaved } from '../entities/notifySaved';

interface ConfirmResetMfaProps {
  /** The user whose MFA is reset; null keeps the dialog closed. */
  target: { id: number; label: string } | null;
  onClose: () => void;
}

/** Staff reset a user's MFA (issue 17 point 1); the server audits it and may refuse, shown here. */
export function ConfirmResetMfa({ target, onClose }: ConfirmResetMfaProps) {
  const client = useQueryClient();
  return (
    <ConfirmDialog
      opened={target !== null}
      title={`Reset MFA of ${target?.label ?? ''}?`}
      message="Their authenticator app and recovery codes stop working. They set MFA up again at their next sign-in if it is required of them."
      confirmLabel="Reset MFA"
      errorTitle="MFA not reset"
      onConfirm={async () => {
        if (!target) return;
        await call(securityCalls.resetMfa, { params: { id: target.id } });
        notifySaved(`MFA of ${target.label} was reset.`);
        await invalidateCalls(client, ['entities']);
      }}
      onClose={onClose}
    />
  );
}
