/**
 * A tab title with its declared badge: a dot while the count is above 0, or the number itself
 * (`count: true`, beside the title); fetched when shown and again after a write to the same catalogue.
 */
import { useEffect } from 'react';
import { Badge } from 'antd';
import type { BadgeDef } from '../router/types';
import { badgeKey, refreshBadge, useBadge } from './badges';

export function TabBadge({ badge, title, tabKey }: { badge: BadgeDef; title: string; tabKey: string }) {
  const count = useBadge(badge);
  const key = badgeKey(badge);
  useEffect(() => void refreshBadge(badge), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  // A plain count keeps its catalogue entry as its test id; a count with arguments is the tab's.
  const testId = key === badge.api ? `tab-badge-${badge.api}` : `tab-badge-${tabKey}`;
  // The number sits beside the title, in the flow: a corner badge of two digits covers the label.
  return badge.count
    ? (
      <span data-testid={testId} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        {title}
        <Badge count={count} size="small" overflowCount={999} />
      </span>
    )
    : <Badge dot={count > 0} offset={[4, 0]} data-testid={testId}>{title}</Badge>;
}
