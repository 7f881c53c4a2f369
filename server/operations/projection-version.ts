import { notFound } from '../../infra/errors.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { readCurrentVersions } from '../../projections/engine/checkpoint-store.ts';

/** The version a repair command means: the one asked for, else the one queries read; NotFound for a projection never registered. */
export async function projectionVersion(db: Queryable, name: string, asked: number | undefined): Promise<number> {
  const version = asked ?? (await readCurrentVersions(db)).get(name);
  if (version === undefined) throw notFound(`No projection ${name}`);
  const [row] = await db.query('SELECT 1 FROM projection_checkpoints WHERE name = $1 AND version = $2', [name, version]);
  if (!row) throw notFound(`No projection ${name} version ${version}`);
  return version;
}
