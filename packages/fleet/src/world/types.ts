/** What the world needs to know about a protected system (a subset of its row). */
export interface WorldSystem {
  seed: number;
  os_type: string;
  device_type: string;
  hostname: string;
}

export interface FileEntry {
  name: string;
  type: 'file' | 'folder';
  /** Bytes; 0 for folders. */
  size: number;
  /** Epoch ms, never after the restore point. */
  modifiedAt: number;
}
