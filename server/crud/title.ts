/**
 * How a record is named in logs and messages: its document number and title, else `#id`. Its own
 * module because the scoped queries (scope.ts) name records too, and the operation log imports them.
 */
import type { ResolvedEntity } from '../schema/types';

export function titleOf(entity: ResolvedEntity, row: Record<string, any> | null | undefined): string | null {
  if (!row) return null;
  const parts = [entity.number ? row[entity.number.field] : null, entity.titleField && entity.titleField !== entity.number?.field ? row[entity.titleField] : null]
    .filter((x) => x !== null && x !== undefined && x !== '');
  return parts.length ? parts.join(' ') : `#${row[entity.idField]}`;
}
