import { defineCall, idParams } from '../call';
import { operationStatus } from '../operations';

// Not in the spec: the status of a long operation, polled by the app (docs/decisions.md).
export const operationCalls = {
  status: defineCall({
    area: 'operations',
    method: 'GET',
    path: '/api/operations/:id',
    right: 'read',
    summary: 'The status, progress and result of a long operation the user started.',
    params: idParams,
    ids: { id: 'operation' },
    answers: { 200: operationStatus },
  }),
};
