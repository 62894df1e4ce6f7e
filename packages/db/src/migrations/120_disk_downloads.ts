import type { Kysely } from 'kysely';

// A virtual disk as a download (docs/decisions.md 'Virtual disk download'): a download link whose
// one path is a disk image of a backup source's restore point, converted by qemu-img into
// `disk_format` (VHD, VHDX, VMDK) with `disk_export_type` (dynamic, fixed) when the link is
// opened. Other links keep both null.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('download_sessions').addColumn('disk_format', 'text').execute();
  await db.schema.alterTable('download_sessions').addColumn('disk_export_type', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('download_sessions').dropColumn('disk_export_type').execute();
  await db.schema.alterTable('download_sessions').dropColumn('disk_format').execute();
}
