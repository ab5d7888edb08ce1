/** Customers by status as labelled bars (enumeration verifyStatus); plain markup keeps the home page light. */
import { enumLabel } from '../../reference/enums';
import type { Summary } from './useSummary';

const EMPTY = { color: '#999', textAlign: 'center', padding: 16 } as const;

export function CustomerStatus({ rows }: { rows: Summary['customersByStatus'] }) {
  if (!rows) return <div style={EMPTY}>无权查看客户</div>;
  const total = rows.reduce((n, r) => n + r.count, 0);
  if (!total) return <div style={EMPTY}>暂无客户</div>;
  return (
    <div data-testid="customers-by-status">
      {rows.map((row) => (
        <div key={String(row.verifyStatus)} style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '6px 0' }}>
          <span style={{ width: 56 }}>{enumLabel('verifyStatus', row.verifyStatus)?.label ?? '未设置'}</span>
          <span style={{ flex: 1, height: 8, background: '#f0f0f0', borderRadius: 4, overflow: 'hidden' }}>
            <span style={{ display: 'block', height: '100%', width: `${(row.count / total) * 100}%`, background: 'var(--shell-primary, #1890ff)' }} />
          </span>
          <span style={{ width: 40, textAlign: 'right' }}>{row.count}</span>
        </div>
      ))}
    </div>
  );
}
