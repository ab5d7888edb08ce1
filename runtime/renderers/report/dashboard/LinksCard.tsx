/**
 * A dashboard card of links to pages: declared items (title, path, text) or the other pages of
 * this page's group (their titles and declared badges), drawn as clickable steps or buttons. A
 * declared link the user may not open is shown disabled (grey); a sibling page they may not open
 * is left out.
 */
import { useEffect, useMemo } from 'react';
import { Badge, Button, Space, Steps } from 'antd';
import { Tone } from '../../common/Panel';
import { useNavigate } from 'react-router-dom';
import { routes } from '../../../router/pages';
import { routeAllowed } from '../../../router/routes';
import type { LinksCardDef, RouteEntry } from '../../../router/types';
import { refreshBadge, useBadge } from '../../../shell/badges';
import { useSession } from '../../../session/store';
import { useOpenable } from './links';

export interface LinkItem {
  /** names the item's test id: `<card name>-link-<key>` */
  key: string;
  title: string;
  path: string;
  text?: string;
  badge?: string;
  enabled: boolean;
}

/** The routable pages beside `path` in its group (`/profile/index` → the other `/profile/…` pages), in their order. */
export function siblingPages(path: string, roles: readonly string[], all: RouteEntry[] = routes): RouteEntry[] {
  const group = path.slice(0, path.lastIndexOf('/') + 1);
  return all
    .filter((r) => r.def.path.startsWith(group) && r.def.path !== path && r.def.kind !== 'group' && !r.def.redirect && !/[{:]/.test(r.def.path) && routeAllowed(r, roles))
    .sort((a, b) => (a.def.order ?? 0) - (b.def.order ?? 0));
}

/** The card's links for this user on the page at `pagePath`. */
export function useLinkItems(def: LinksCardDef, pagePath: string): LinkItem[] {
  const { roles } = useSession();
  const openable = useOpenable();
  return useMemo(() => {
    if (def.source === 'siblings') {
      return siblingPages(pagePath, roles ?? []).map((r) => ({
        key: r.def.name ?? r.def.path, title: r.def.meta.title, path: r.def.path, badge: r.def.meta.badge?.api, enabled: true,
      }));
    }
    return (def.items ?? []).map((item) => ({ key: item.path, ...item, enabled: Boolean(openable(item.path)) }));
  }, [def, pagePath, roles, openable]);
}

function LinkButton({ item, testId }: { item: LinkItem; testId: string }) {
  const navigate = useNavigate();
  const count = useBadge(item.badge);
  useEffect(() => { if (item.badge) void refreshBadge(item.badge); }, [item.badge]);
  const button = <Button disabled={!item.enabled} title={item.text} onClick={() => navigate(item.path)}>{item.title}</Button>;
  return <Badge count={count} size="small" data-testid={testId}>{button}</Badge>;
}

const dot = (enabled: boolean) => ({ display: 'inline-block', width: 28, lineHeight: '28px', borderRadius: '50%', textAlign: 'center' as const, background: enabled ? '#1890ff' : '#d9d9d9', color: '#fff' });

export function LinksCard({ def, name, pagePath }: { def: LinksCardDef; name: string; pagePath: string }) {
  const navigate = useNavigate();
  const items = useLinkItems(def, pagePath);
  return (
    <div data-testid={name}>
      {def.note && <Tone type="secondary" style={{ display: 'block', marginBottom: '1em' }}>{def.note}</Tone>}
      {def.display === 'steps' ? (
        <Steps
          direction="vertical"
          current={-1}
          items={items.map((item, i) => ({
            title: <span data-testid={`${name}-link-${item.key}`} aria-disabled={!item.enabled}>{item.title}</span>,
            description: item.text,
            status: item.enabled ? 'process' : 'wait',
            disabled: !item.enabled,
            icon: <span style={dot(item.enabled)}>{i + 1}</span>,
            onClick: item.enabled ? () => navigate(item.path) : undefined,
            style: { cursor: item.enabled ? 'pointer' : 'default' },
          }))}
        />
      ) : (
        <Space size={24} wrap>
          {items.map((item) => <LinkButton key={item.key} item={item} testId={`${name}-link-${item.key}`} />)}
        </Space>
      )}
    </div>
  );
}
