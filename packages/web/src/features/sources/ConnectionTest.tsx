import { Alert, Button, Group } from '@mantine/core';
import { useCallback, useState } from 'react';
import { ApiError } from '../../api/client';
import { DialogButtons } from '../entities/DialogParts';

// "Test connection" of the source dialogs (adding a source, moving or re-keying one): the
// repository is opened with what the form holds before anything is saved, and the answer is
// said in a sentence. A location the server refuses marks the location field.

export interface Tested {
  ok: boolean;
  sentence: string;
}

interface Ports {
  /** Checks the fields the test needs; false stops it (the fields show why). */
  validate: () => Promise<boolean>;
  /** Opens the repository with the form's values. */
  run: () => Promise<Tested>;
  setLocationError: (message: string) => void;
  setFormError: (message: string | null) => void;
}

export function useConnectionTest({ validate, run, setLocationError, setFormError }: Ports) {
  const [tested, setTested] = useState<Tested | null>(null);
  const [testing, setTesting] = useState(false);
  const test = async () => {
    setTested(null);
    setFormError(null);
    if (!(await validate())) return;
    setTesting(true);
    try {
      setTested(await run());
    } catch (err) {
      const field = err instanceof ApiError ? err.fields?.location : undefined;
      if (field) setLocationError(field);
      else setFormError(err instanceof Error ? err.message : 'The repository could not be tested.');
    } finally {
      setTesting(false);
    }
  };
  const clear = useCallback(() => setTested(null), []);
  return { tested, testing, test, clear };
}

interface RowProps {
  tested: Tested | null;
  testing: boolean;
  saving: boolean;
  onTest: () => void;
  onCancel: () => void;
  /** The save button's words. */
  label: string;
}

/** The test's answer, then Test connection beside the dialog's Cancel and save buttons. */
export function ConnectionTestRow({ tested, testing, saving, onTest, onCancel, label }: RowProps) {
  return (
    <>
      {tested && (
        <Alert
          color={tested.ok ? 'green' : 'red'}
          title={tested.ok ? 'Connection works' : 'Connection failed'}
          role="status"
        >
          {tested.sentence}
        </Alert>
      )}
      <Group justify="space-between" wrap="wrap">
        <Button variant="light" onClick={onTest} loading={testing} disabled={saving}>
          Test connection
        </Button>
        <DialogButtons onCancel={onCancel} saving={saving} label={label} />
      </Group>
    </>
  );
}
