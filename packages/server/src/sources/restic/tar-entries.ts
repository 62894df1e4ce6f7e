import type { Readable } from 'node:stream';
import type { FolderFile } from '@lifeboat/contract';
import tarStream from 'tar-stream';

// The files of a tar stream (restic dump --archive=tar of a folder) one at a time, each read by
// the caller before the next is parsed: only one entry's chunk is in memory at once.

interface Pending {
  header: tarStream.Headers;
  stream: Readable;
  /** Settles when the entry's stream has ended (tar-stream's streams have no readableEnded). */
  ended: Promise<void>;
  next: () => void;
}

/** Each regular file of the tar stream; its path as restic wrote it with a leading "/". */
export async function* tarFiles(input: Readable): AsyncGenerator<FolderFile> {
  const extract = tarStream.extract();
  // Set by the parser's events (TypeScript does not see callbacks assign locals).
  const at: { current: Pending | null; ended: boolean; failed: Error | null } = {
    current: null,
    ended: false,
    failed: null,
  };
  let wake: (() => void) | null = null;
  const poke = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  extract.on('entry', (header, stream, next) => {
    const ended = new Promise<void>((resolve) => stream.once('end', () => resolve()));
    at.current = { header, stream, ended, next };
    poke();
  });
  extract.on('finish', () => {
    at.ended = true;
    poke();
  });
  const fail = (err: Error) => {
    at.failed = err;
    poke();
  };
  extract.on('error', fail);
  input.on('error', fail);
  input.pipe(extract);
  try {
    for (;;) {
      if (at.failed) throw at.failed;
      const entry = at.current;
      if (entry) {
        at.current = null;
        const h = entry.header;
        if (h.type === 'file' || h.type === 'contiguous-file') {
          yield {
            path: `/${h.name.replace(/^(\.\/|\/)+/, '')}`,
            size: h.size ?? 0,
            modifiedAt: h.mtime?.getTime() ?? 0,
            // A stream of its own kind (readable-stream): piped, never iterated (it stalls then).
            content: entry.stream,
          };
        }
        // What the caller left unread (a folder, a link, a file not chosen) is skipped.
        entry.stream.resume();
        await entry.ended;
        entry.next();
        continue;
      }
      if (at.ended) return;
      await new Promise<void>((r) => {
        wake = r;
      });
    }
  } finally {
    input.unpipe(extract);
    extract.destroy();
  }
}
