/**
 * A list on a phone (narrower than antd's `sm`, 576 px): one card per record instead of a table
 * nobody can read at that width — its title as a link to the record, a few key fields as
 * label: value, its state, its actions under one menu; selection for batch actions and paging kept.
 */
import type { ReactNode } from 'react';
import { Button, Card, Checkbox, Dropdown, Empty, Pagination, Space, Spin, Typography } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import type { ResolvedEntity } from '../../../schemas/src/entity-schema';
import type { ColumnDef, PageAction } from '../../router/types';
import { fieldOf, renderValue, type Refs } from '../cells';

type Row = Record<string, any>;

/** How many of the first visible columns a card shows besides its title and state. */
const KEY_FIELDS = 4;

export interface ListCardsProps {
  entity: ResolvedEntity;
  rowKey: string;
  rows: Row[];
  refs: Refs;
  loading: boolean;
  /** the visible columns, in the user's order */
  columns: ColumnDef[];
  /** a column's cell: the value, as a link where the column is one */
  cell: (c: ColumnDef, row: Row) => ReactNode;
  /** the record's title as a link to its detail, where the list has one and no title column links */
  titleLink: (row: Row, content: ReactNode) => ReactNode;
  actionsOn: (row: Row) => PageAction[];
  actionTitle: (a: PageAction) => string;
  run: (a: PageAction, rows: Row[]) => unknown;
  /** selection for batch actions; absent when the list has none */
  selection?: { selected: number[]; onChange: (ids: number[]) => void };
  paging: { current: number; pageSize: number; total: number; totalText: string; onChange: (page: number, size: number) => void };
}

/** The card's title column: the entity's title field where the list shows it, else the first linking column, else the first. */
export function titleColumn(entity: ResolvedEntity, columns: ColumnDef[]): ColumnDef | undefined {
  return columns.find((c) => c.field === entity.titleField) ?? columns.find((c) => c.link) ?? columns[0];
}

export function ListCards({ entity, rowKey, rows, refs, loading, columns, cell, titleLink, actionsOn, actionTitle, run, selection, paging }: ListCardsProps) {
  const head = titleColumn(entity, columns);
  // the first state column as the list orders them (a status before its audit state)
  const state = columns.find((c) => entity.stateFields.includes(c.field))?.field;
  const keys = columns.filter((c) => c !== head && c.field !== state).slice(0, KEY_FIELDS);
  return (
    <Spin spinning={loading}>
      <div data-testid="list-cards" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        {rows.length === 0 && !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        {rows.map((row) => {
          const id = Number(row[rowKey]);
          const actions = actionsOn(row);
          const title = head ? (head.link ? cell(head, row) : titleLink(row, cell(head, row))) : titleLink(row, `${entity.title} #${id}`);
          const stateField = state ? fieldOf(entity, state) : undefined;
          return (
            <Card key={id} size="small" data-testid="list-card" styles={{ body: { padding: '8px 12px' } }}>
              <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                {selection && (
                  <Checkbox aria-label="选择" checked={selection.selected.includes(id)}
                    onChange={(e) => selection.onChange(e.target.checked ? [...selection.selected, id] : selection.selected.filter((x) => x !== id))} />
                )}
                <Typography.Text strong ellipsis style={{ flex: 1, minWidth: 0 }}>{title}</Typography.Text>
                {stateField && renderValue(stateField, row[state!], refs)}
                {actions.length > 0 && (
                  <Dropdown trigger={['click']} menu={{ items: actions.map((a, i) => ({ key: String(i), label: actionTitle(a), danger: a.type === 'remove', onClick: () => void run(a, [row]) })) }}>
                    <Button type="text" size="small" icon={<MoreOutlined />} aria-label="操作" />
                  </Dropdown>
                )}
              </div>
              {keys.map((c) => {
                const f = fieldOf(entity, c.field);
                return (
                  <div key={c.field} style={{ display: 'flex', gap: 8, marginTop: 4, minWidth: 0 }}>
                    <Typography.Text type="secondary" style={{ flex: 'none' }}>{c.title ?? f?.title ?? c.field}：</Typography.Text>
                    <div style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{cell(c, row)}</div>
                  </div>
                );
              })}
            </Card>
          );
        })}
      </div>
      <Space style={{ marginTop: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text type="secondary">{paging.totalText}</Typography.Text>
        <Pagination simple current={paging.current} pageSize={paging.pageSize} total={paging.total} onChange={paging.onChange} />
      </Space>
    </Spin>
  );
}
