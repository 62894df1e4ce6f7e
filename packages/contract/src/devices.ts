import { z } from 'zod';

// spec: dashboard-device-azure 7 'Device details'.

/** POST /device/start_cloud_autoverify (form: id) -> success */
export const startCloudAutoVerifyBody = z.object({ id: z.union([z.string().max(32), z.number().int()]) });
export const startCloudAutoVerifyAnswer = z.union([
  z.object({ success: z.literal(true), operation_id: z.number().int() }),
  z.object({ success: z.literal(false), message: z.string() }),
]);
export type StartCloudAutoVerifyAnswer = z.infer<typeof startCloudAutoVerifyAnswer>;
