import type { OperationKinds } from '@lifeboat/contract';
import { type Actor, scoped } from '../scope';
import type { OperationsEngine } from './engine';
import type { Db, EnqueueRequest, KindOf } from './types';

/** Tables whose row is the subject of one operation and records it in `operation_id`. */
export type OperationRowTable = 'ftps_exports' | 'azure_jobs' | 'reports';

/**
 * Enqueue the operation that works on a row just inserted in the same transaction, and record
 * its id on the row (the status calls read the operation through it).
 */
export async function enqueueForRow<K extends KindOf<OperationKinds>>(
  operations: OperationsEngine,
  trx: Db,
  actor: Actor,
  table: OperationRowTable,
  req: EnqueueRequest<OperationKinds, K> & { subjectId: number },
): Promise<number> {
  const operationId = await operations.enqueue(trx, req);
  await scoped(trx, actor)
    .updateTable(table)
    .set({ operation_id: operationId })
    .where('id', '=', req.subjectId)
    .execute();
  return operationId;
}
