import { auditRows } from '../../commands/reference-data/audited-links.ts';
import type { FileStore } from '../../infra/files/file-store.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { insertAudited } from './insert-audited.ts';
import { demoAdmin, demoUnits, type DemoUnit } from './demo-units.ts';

// The demo units' footer files (spec 1 section 2: "a footer help text ... from a footer file"): HTML
// files their administrator put up, stored like uploads (owned by the administrator, so only the
// unit and its administrators may read them: domain/files/file-access.ts) and named by the unit's
// users.footer_file_id.

type WithFooterFile = DemoUnit & { footerFile: NonNullable<DemoUnit['footerFile']> };
const withFooterFile = (): WithFooterFile[] => demoUnits.filter((unit): unit is WithFooterFile => unit.footerFile !== undefined);

export const footerObjectKey = (unit: Pick<DemoUnit, 'name'>): string => `demo/footer/${unit.name}.html`;

/** Writes the files' bytes; again on every start, as the audio, so an emptied store gets them back. */
export async function writeDemoFooterFiles(files: FileStore): Promise<void> {
  for (const unit of withFooterFile()) await files.save(footerObjectKey(unit), Buffer.from(unit.footerFile.html, 'utf8'));
}

/** The files' rows and the units' footer_file_id, audited; `userIds` holds the units and the administrator. */
export async function insertDemoFooterFiles(tx: Queryable, userIds: ReadonlyMap<string, number>): Promise<number> {
  const units = withFooterFile();
  const adminId = userIds.get(demoAdmin.name)!;
  const rows = await insertAudited<{ id: number; object_key: string }>(tx, 'files',
    { name: 'text', description: 'text', content_type: 'text', object_key: 'text', size: 'bigint', has_object: 'boolean', user_id: 'integer' },
    units.map((unit) => ({
      name: unit.footerFile.name, description: `Footer of ${unit.clientName}`, content_type: 'text/html; charset=utf-8', object_key: footerObjectKey(unit),
      size: Buffer.byteLength(unit.footerFile.html, 'utf8'), has_object: true, user_id: adminId,
    })), 'id, object_key');
  for (const unit of units) {
    const fileId = rows.find((row) => row.object_key === footerObjectKey(unit))!.id;
    const userId = userIds.get(unit.name)!;
    await tx.query('UPDATE users SET footer_file_id = $2 WHERE id = $1', [userId, fileId]);
    await auditRows(tx, 'users', 'UPDATE', adminId, 'demo seed', [{ old: { id: userId, footer_file_id: null }, new: { id: userId, footer_file_id: fileId } }]);
  }
  return rows.length;
}
