import { validationError } from '../../infra/errors.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import type { MessageItemChange } from '../../schemas/api/messages.ts';

/** An item's audio file and recipe must exist: a click on it would otherwise lead nowhere. */
export async function checkItemContent(sql: Queryable, item: MessageItemChange): Promise<void> {
  const issues = [];
  if (item.audioFileId != null && (await sql.query('SELECT 1 FROM audio_files WHERE id = $1', [item.audioFileId])).length === 0) {
    issues.push({ path: 'body.audioFileId', message: 'Unknown audio file' });
  }
  if (item.recipeId != null && (await sql.query('SELECT 1 FROM recipes WHERE id = $1', [item.recipeId])).length === 0) {
    issues.push({ path: 'body.recipeId', message: 'Unknown recipe' });
  }
  if (issues.length > 0) throw validationError(issues);
}
