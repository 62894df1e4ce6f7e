import { z } from 'zod';
import { OPERATION_STATUSES } from './enums';

// Not in the spec: the status of a long operation, polled by the app (docs/decisions.md).
export const operationStatus = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(OPERATION_STATUSES),
  progress: z.number().int(),
  step: z.string().nullable(),
  result: z.unknown(),
  error: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  finished_at: z.number().nullable(),
});
export type OperationStatusAnswer = z.infer<typeof operationStatus>;
