/** A tab title with its declared badge: a dot while the count is above 0 (fetched when shown). */
import { useEffect } from 'react';
import { Badge } from 'antd';
import { refreshBadge, useBadge } from './badges';

export function TabBadge({ api, title }: { api: string; title: string }) {
  const count = useBadge(api);
  useEffect(() => void refreshBadge(api), [api]);
  return <Badge dot={count > 0} offset={[4, 0]} data-testid={`tab-badge-${api}`}>{title}</Badge>;
}
