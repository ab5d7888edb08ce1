/**
 * A dashboard list: a call's first rows, each line a link to its record. `title` and `note` name
 * a field, or are templates of fields (`{count} 次`); fields of the call's entity read as the list
 * screens show them (enumeration labels, referenced records' titles, times as "3 小时前").
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Tone } from '../../common/Panel';
import type { ResolvedEntity } from '../../../../schemas/src/entity-schema';
import { relativeTime, thousands } from '../../../../schemas/src/format';
import { enumLabel } from '../../../reference/enums';
import type { ListCardDef } from '../../../router/types';
import { useCardData, valueAt, type CallCache } from './cardData';
import { useLineLink } from './links';
import { CardError } from './CardError';

type Row = Record<string, unknown>;
type Refs = Record<string, Record<string, string>> | undefined;

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const LINE = { display: 'flex', justifyContent: 'space-between', gap: 12, padding: '6px 0', borderBottom: '1px solid #f0f0f0' } as const;
const EMPTY = { color: '#999', textAlign: 'center', padding: 16 } as const;

/** The entity behind a list call, when it has one (a generic page); loaded with the metadata chunk. */
function useCallEntity(api: string): ResolvedEntity | undefined {
  const [entity, setEntity] = useState<ResolvedEntity>();
  useEffect(() => {
    let alive = true;
    import('../../../meta')
      .then(async (meta) => {
        const entry = await meta.uiEntry(api);
        return entry.entity ? meta.loadEntity(entry.entity) : undefined;
      })
      .then((e) => alive && setEntity(e), () => undefined);
    return () => { alive = false; };
  }, [api]);
  return entity;
}

function fieldText(row: Row, field: string, entity: ResolvedEntity | undefined, refs: Refs): string {
  const v = row[field];
  if (v === undefined || v === null || v === '') return '';
  const f = entity?.fields[field];
  if (f?.enum) return enumLabel(f.enum, v)?.label ?? String(v);
  if (f?.ref) return refs?.[f.ref]?.[String(v)] ?? String(v);
  if (f?.type === 'money') return thousands(Number(v).toFixed(2));
  if (typeof v === 'string' && TIME.test(v)) return relativeTime(v);
  return String(v);
}

export function lineText(template: string, row: Row, entity?: ResolvedEntity, refs?: Refs): string {
  return template.includes('{') ? template.replace(/\{(\w+)\}/g, (_, f: string) => fieldText(row, f, entity, refs)) : fieldText(row, template, entity, refs);
}

export function ListCard({ def, cache, name }: { def: ListCardDef; cache: CallCache; name: string }) {
  const { data, error } = useCardData<unknown>(cache, def.api, def.query);
  const entity = useCallEntity(def.api);
  const linkOf = useLineLink(def.link);
  if (error) return <CardError message={error} />;
  if (data === undefined) return <Tone type="secondary">加载中…</Tone>;
  const found = valueAt(data, def.rows ?? (Array.isArray(data) ? '' : 'list'));
  const refs = valueAt(data, 'refs') as Refs;
  const lines = (Array.isArray(found) ? (found as Row[]) : [])
    .map((row) => ({ row, to: linkOf(row) }))
    .filter((line) => line.to !== null)
    .slice(0, def.size ?? 5);
  const total = def.total ? valueAt(data, def.total) : undefined;
  return (
    <div>
      {typeof total === 'number' && <Tone type="secondary" data-testid="list-total">共 {total} 项</Tone>}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {lines.map(({ row, to }, i) => {
          const title = lineText(def.title, row, entity, refs) || '-';
          return (
            <li key={i} style={LINE} data-testid={`${name}-line`}>
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{to ? <Link to={to}>{title}</Link> : title}</span>
              {def.note && <Tone type="secondary" style={{ whiteSpace: 'nowrap' }}>{lineText(def.note, row, entity, refs)}</Tone>}
            </li>
          );
        })}
        {!lines.length && <li style={EMPTY}>{def.empty ?? '暂无数据'}</li>}
      </ul>
    </div>
  );
}
