/** Visited-page tabs with the context menu of seed 000 §2.5 (width 105, §9). */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CloseOutlined } from '@ant-design/icons';
import { closeAll, closeOthers, closeTag, getTags, nextAfterClose, setTags, useTags, type TagView } from './tags';
import { forgetPage, refreshPath } from './pageCache';
import { useSettings } from './settings';

export const CONTEXT_MENU_WIDTH = 105;

interface MenuState { x: number; y: number; tag: TagView }

export function TagsView({ fixed = false }: { fixed?: boolean }) {
  const tags = useTags();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { theme } = useSettings();
  const [menu, setMenu] = useState<MenuState>();
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(undefined);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    document.addEventListener('click', close);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [menu]);

  // With many tabs the active one may sit outside the bar: bring it into view on every navigation.
  useEffect(() => {
    const bar = scroller.current;
    const active = bar?.querySelector<HTMLElement>('.shell-tag.active');
    if (!bar || !active) return;
    const left = active.offsetLeft - bar.offsetLeft;
    if (left < bar.scrollLeft) bar.scrollLeft = Math.max(0, left - 15);
    else if (left + active.offsetWidth > bar.scrollLeft + bar.clientWidth) bar.scrollLeft = left + active.offsetWidth - bar.clientWidth + 15;
  }, [pathname, tags.length]);

  const afterClose = (remaining: TagView[], closedActive: boolean) => {
    setTags(remaining);
    if (closedActive) navigate(nextAfterClose(remaining));
  };

  const close = (tag: TagView) => {
    if (tag.affix) return;
    forgetPage(tag.path);
    afterClose(closeTag(getTags(), tag.path), tag.path === pathname);
  };

  const openMenu = (event: MouseEvent, tag: TagView) => {
    event.preventDefault();
    setMenu({ x: event.clientX, y: event.clientY, tag });
  };

  const act = (action: 'refresh' | 'close' | 'others' | 'all') => {
    if (!menu) return;
    const { tag } = menu;
    setMenu(undefined);
    if (action === 'refresh') {
      if (tag.path !== pathname) navigate(tag.fullPath);
      refreshPath(navigate, tag.fullPath);
    } else if (action === 'close') {
      close(tag);
    } else if (action === 'others') {
      const kept = closeOthers(getTags(), tag.path);
      getTags().filter((t) => !kept.includes(t)).forEach((t) => forgetPage(t.path));
      setTags(kept);
      if (tag.path !== pathname) navigate(tag.fullPath);
    } else {
      const kept = closeAll(getTags());
      getTags().filter((t) => !kept.includes(t)).forEach((t) => forgetPage(t.path));
      afterClose(kept, !kept.some((t) => t.path === pathname));
    }
  };

  return (
    <div className={`shell-tags${fixed ? ' fixed' : ''}`} data-testid="tags-view">
      {/* The bar hides its scrollbar: a mouse wheel scrolls it sideways. */}
      <div className="shell-tags-scroll" ref={scroller} onWheel={(e) => { if (scroller.current && e.deltaY) scroller.current.scrollLeft += e.deltaY; }}>
        {tags.map((tag) => {
          const active = tag.path === pathname;
          return (
            <span
              key={tag.path}
              className={`shell-tag${active ? ' active' : ''}`}
              style={active ? { background: theme, borderColor: theme } : undefined}
              data-path={tag.path}
              onClick={() => navigate(tag.fullPath)}
              onAuxClick={(e) => e.button === 1 && close(tag)}
              onContextMenu={(e) => openMenu(e, tag)}
            >
              {tag.title}
              {!tag.affix && (
                <CloseOutlined
                  className="shell-tag-close"
                  aria-label={`关闭${tag.title}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    close(tag);
                  }}
                />
              )}
            </span>
          );
        })}
      </div>
      {menu && (
        <ul className="shell-contextmenu" role="menu" style={{ left: menu.x, top: menu.y, width: CONTEXT_MENU_WIDTH }} onClick={(e) => e.stopPropagation()}>
          <li role="menuitem" onClick={() => act('refresh')}>刷新</li>
          {!menu.tag.affix && <li role="menuitem" onClick={() => act('close')}>关闭</li>}
          <li role="menuitem" onClick={() => act('others')}>关闭其他</li>
          <li role="menuitem" onClick={() => act('all')}>关闭所有</li>
        </ul>
      )}
    </div>
  );
}
