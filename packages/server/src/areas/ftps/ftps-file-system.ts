import { PassThrough, type Readable } from 'node:stream';
import type { FtpConnection } from 'ftp-srv';

// The file system an FTPS user sees: the export's folder, read-only. ftp-srv answers a failed
// command with the file system's error message, and Node's name the absolute path in the data
// folder ("ENOENT: no such file or directory, stat '/var/lib/lifeboat/ftps/1/x'"): every error
// leaves here as a sentence without it. Each read first asks whether the export is still served,
// so a session opened before the export expired or was discarded cannot download after it.

type FtpSrvModule = typeof import('ftp-srv');

/** A refusal whose message the FTPS client may read as is. */
export class FtpsRefusal extends Error {}

const READ_ONLY = 'This FTPS folder is read-only.';
const refuse = () => Promise.reject(new FtpsRefusal(READ_ONLY));

/** What the client reads for `err`: never a path of the server. */
export function clientMessage(err: unknown): string {
  if (err instanceof FtpsRefusal) return err.message;
  if (err instanceof Error && err.name === 'FileSystemError') return err.message; // ftp-srv's own
  switch ((err as NodeJS.ErrnoException | null)?.code) {
    case 'ENOENT':
      return 'No such file or folder.';
    case 'ENOTDIR':
      return 'Not a folder.';
    default:
      return 'The file could not be read.';
  }
}

async function safely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw new FtpsRefusal(clientMessage(err));
  }
}

/** ftp-srv's file system on an export's folder; `served` throws once the export is not served. */
export function exportFileSystem({ FileSystem }: FtpSrvModule) {
  return class ExportFileSystem extends FileSystem {
    constructor(
      connection: FtpConnection,
      root: string,
      readonly served: () => Promise<void>,
    ) {
      super(connection, { root, cwd: '/' });
    }
    override get(name: string) {
      return safely(async () => {
        await this.served();
        return super.get(name);
      });
    }
    override list(at?: string) {
      return safely(async () => {
        await this.served();
        return super.list(at);
      });
    }
    override chdir(at?: string) {
      return safely(async () => {
        await this.served();
        return super.chdir(at);
      });
    }
    override read(name: string, opts?: { start?: number }) {
      return safely(async () => {
        await this.served();
        const r = (await super.read(name, opts)) as { stream: Readable; clientPath: string };
        // A read error later (the file removed by the sweep meanwhile) is named the same way.
        const stream = new PassThrough();
        r.stream.once('error', (err) => stream.destroy(new FtpsRefusal(clientMessage(err))));
        r.stream.pipe(stream);
        stream.once('close', () => r.stream.destroy());
        return { stream, clientPath: r.clientPath };
      });
    }
    override write(): never {
      throw new FtpsRefusal(READ_ONLY);
    }
    override delete = refuse;
    override mkdir = refuse;
    override rename = refuse;
    override chmod = refuse;
  };
}
