import fs from 'node:fs';
import path from 'node:path';

// Where a restic repository may be: a local folder under one of the operator's roots
// (LIFEBOAT_RESTIC_ROOTS), or a remote location (rest:, s3:, sftp:) where the operator allows
// remote ones. A location is handed to restic as one `--repo=<location>` argument, so it can
// never become an option; it is still refused when it looks like one, so no sentence on screen
// ever shows `-o ...` as if it were a place.

export interface LocationPolicy {
  /** Absolute folders under which local repositories may live; none: no local repository. */
  roots: readonly string[];
  /** Whether rest:, s3: and sftp: locations are allowed. */
  allowRemote: boolean;
}

export class LocationError extends Error {}

const MAX_LENGTH = 1024;
const REMOTE = /^(rest:https?:\/\/|s3:|sftp:)/;

/** The location restic is given, or a LocationError whose message is a sentence for the person. */
export function checkLocation(raw: string, policy: LocationPolicy): string {
  const location = raw.trim();
  if (location === '') throw new LocationError('Enter where the repository is.');
  if (location.length > MAX_LENGTH) {
    throw new LocationError(`A repository location is at most ${MAX_LENGTH} characters long.`);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(location)) {
    throw new LocationError('The repository location contains a character that cannot be part of a path.');
  }
  if (location.startsWith('-')) {
    throw new LocationError('A repository location cannot start with "-".');
  }
  if (REMOTE.test(location)) {
    // A user name and password in the address would be stored and shown as the location.
    if (/^rest:https?:\/\/[^/]*@/.test(location)) {
      throw new LocationError(
        'Put the REST server’s user name and password in the extra settings, not in the location.',
      );
    }
    if (!policy.allowRemote) {
      throw new LocationError(
        'This console keeps repositories on its own disks only: remote locations (rest:, s3:, sftp:) are turned off by its operator.',
      );
    }
    return location;
  }
  if (/^[a-z0-9]+:/i.test(location)) {
    throw new LocationError(
      'Use a folder path on the console (for example /srv/restic/client), or a rest:, s3: or sftp: location.',
    );
  }
  if (!path.isAbsolute(location)) {
    throw new LocationError('Use the full path of the repository folder, starting with "/".');
  }
  if (location.split('/').includes('..')) {
    throw new LocationError('The repository location cannot contain "..".');
  }
  const resolved = path.resolve(location);
  // The real path, so a symbolic link under a root cannot lead outside it.
  let real = resolved;
  try {
    real = fs.realpathSync(resolved);
  } catch {
    // Not there (yet): opening it will say so in its own sentence.
  }
  const inside = (root: string) => {
    const r = path.resolve(root);
    return real === r || real.startsWith(`${r}${path.sep}`);
  };
  const roots = policy.roots.flatMap((r) => {
    try {
      return [fs.realpathSync(r)];
    } catch {
      return [path.resolve(r)];
    }
  });
  if (roots.length === 0) {
    throw new LocationError(
      'This console has no folder for local repositories yet: ask its operator to choose one.',
    );
  }
  if (!roots.some(inside)) {
    throw new LocationError(`Repositories on this console must be inside ${roots.join(' or ')}.`);
  }
  return resolved;
}
