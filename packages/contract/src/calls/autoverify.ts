import { defineCall } from '../call';
import { startCloudAutoVerifyAnswer, startCloudAutoVerifyBody } from '../devices';

// spec: dashboard-device-azure 7, POST /device/start_cloud_autoverify (form: id) -> success.
export const autoVerifyCalls = {
  startCloud: defineCall({
    area: 'devices',
    method: 'POST',
    path: '/device/start_cloud_autoverify',
    right: 'run_autoverify',
    summary:
      'Start a cloud AutoVerify of a device\u2019s last restore point; answers the operation to follow.',
    form: startCloudAutoVerifyBody,
    ids: { id: 'system' },
    answers: { 200: startCloudAutoVerifyAnswer },
  }),
};
