import type { OperationTable } from '@lifeboat/db';
import type { Selectable } from 'kysely';

export interface OperationStatusView {
  id: number;
  kind: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  progress: number;
  step: string | null;
  result: unknown;
  error: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** Every field that leaves the server; lease details and input stay inside. */
export function presentOperation(r: Selectable<OperationTable>): OperationStatusView {
  let result: unknown = null;
  try {
    result = r.result === null ? null : JSON.parse(r.result);
  } catch {
    result = null;
  }
  return {
    id: Number(r.id),
    kind: r.kind,
    status: r.status,
    progress: Number(r.progress),
    step: r.step,
    result,
    error: r.error,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
    finished_at: r.finished_at === null ? null : Number(r.finished_at),
  };
}
