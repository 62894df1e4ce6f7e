import { crc32 } from './png';

// A small zip writer (PKWARE APPNOTE 4.3): stored entries only, no data descriptors, so an
// archive's size is known before it is written: 30 + name + data per entry, 46 + name per
// central directory record, and 22 for the end record.

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** The bytes an archive of these names adds around their data. */
export function zipOverhead(names: readonly string[]): number {
  return names.reduce((n, name) => n + 76 + 2 * Buffer.byteLength(name), 22);
}

/** DOS date and time (2-second steps, local time taken as UTC) of an instant. */
function dosTime(ms: number): { time: number; date: number } {
  const d = new Date(Math.max(ms, Date.UTC(1980, 0, 1)));
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/** A zip archive of the entries, in order, each stored (method 0) and dated `modifiedAt`. */
export function writeZip(entries: readonly ZipEntry[], modifiedAt: number): Buffer {
  const { time, date } = dosTime(modifiedAt);
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(10, 4); // version needed: 1.0, stored
    local.writeUInt16LE(0, 6); // flags
    local.writeUInt16LE(0, 8); // method: stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28); // extra field length
    locals.push(local, name, e.data);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4); // made by: 2.0
    record.writeUInt16LE(10, 6);
    record.writeUInt16LE(0, 8);
    record.writeUInt16LE(0, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(date, 14);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(e.data.length, 20);
    record.writeUInt32LE(e.data.length, 24);
    record.writeUInt16LE(name.length, 28);
    // extra, comment, disk, internal and external attributes stay 0
    record.writeUInt32LE(offset, 42);
    central.push(record, name);
    offset += 30 + name.length + e.data.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
