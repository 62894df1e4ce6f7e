import { FabricError, type FtpsPort } from '@lifeboat/contract';
import type { ResticFiles } from './files';

// restic as the FTPS export's fabric (issue 25.5): there is no cloud to stage anything, the console
// itself writes the export's home from the snapshot (ftps/handlers.ts through the files port). What
// is left here is to say at once when the snapshot is gone or holds no disk image to convert.

export function createResticFtps(
  files: ResticFiles,
  host: Pick<FtpsPort, 'setCredentials' | 'removeExport'>,
): FtpsPort {
  return {
    async runExport(req, progress) {
      await progress.report(0, 'Opening the restic repository');
      await files.open(req.point);
      let sizeBytes = 0;
      if (req.type === 'disk') {
        const [image] = await files.diskImages(req.point);
        if (!image)
          throw new FabricError(
            'FAILED',
            'This restore point holds no disk image: export its files and folders instead.',
          );
        sizeBytes = image.size;
      }
      await progress.report(100, 'Export ready');
      return { host: 'console', login: `export-${req.exportId}`, directory: '/', sizeBytes };
    },
    // The export's FTPS login is the console's own FTPS server's, whatever the source.
    setCredentials: (req) => host.setCredentials(req),
    removeExport: (req) => host.removeExport(req),
  };
}
