/**
 * The application shell (seed 000 §2.3, §2.5): sidebar of permitted routes (235 px, collapsible,
 * persisted; on mobile it closes after navigating), top bar, tags view, kept-alive pages,
 * settings panel. Also where a layout load starts the preload, usage statistics and error capture.
 */
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Grid, Layout } from 'antd';
import { useLocation } from 'react-router-dom';
import { useSession } from '../session/store';
import { loadOrgs } from '../session/actions';
import { APP_TITLE, matchRoute } from '../router/routes';
import { routes } from '../router/pages';
import { SideMenu } from './SideMenu';
import { RealtimeHeader } from '../realtime/RealtimeHeader';
import ThemeRoot from '../shell/ThemeRoot';
import { SIDEBAR_WIDTH, useSettings } from '../shell/settings';
import { loadPreferencesFor } from '../shell/preferences';
import { Navbar } from '../shell/Navbar';
import { TagsView } from '../shell/TagsView';
import { PageStack } from '../shell/PageStack';
import { RightPanel } from '../shell/RightPanel';
import { UserMenu } from '../shell/UserMenu';
import { addTag, getTags, setTags } from '../shell/tags';
import { rememberScroll, savedScroll } from '../shell/pageCache';
import { reportPageView } from '../shell/statistics';
import { preloadReferences } from '../shell/preload';
import { installErrorCapture } from '../shell/errorLog';
import { refreshBadge, refreshBadges } from '../shell/badges';
import '../shell/shell.css';

const COLLAPSED_KEY = 'sidebar-collapsed';
// Loaded when first opened: its Modal, Form and Select are not needed for the first paint.
const SwitchOrgDialog = lazy(() => import('./SwitchOrgDialog').then((m) => ({ default: m.SwitchOrgDialog })));
const REDIRECT_PREFIX = '/redirect';

export default function ShellLayout({ children }: { children: ReactNode }) {
  return (
    <ThemeRoot>
      <Shell>{children}</Shell>
    </ThemeRoot>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const session = useSession();
  const settings = useSettings();
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  // Seed 000 §9: below 992 px (antd's lg) the device counts as mobile and the sidebar closes after navigation.
  const mobile = screens.lg === false;
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [switching, setSwitching] = useState(false);
  const profile = session.profile;

  useLayoutEffect(() => {
    if (profile?.username) void loadPreferencesFor(profile.username);
  }, [profile?.username]);

  // The switcher's organisations are read once per session (seed 000 §4 preloads them on layout load).
  useEffect(() => {
    if (session.token && session.orgs.length === 0) void loadOrgs();
  }, [session.token]);

  useEffect(() => {
    installErrorCapture();
    void preloadReferences();
    void refreshBadges();
  }, []);

  // Entering the mobile layout closes the sidebar, like the original.
  useEffect(() => {
    if (mobile) setCollapsed(true);
  }, [mobile]);

  useEffect(() => {
    localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
  }, [collapsed]);

  const { pathname, search } = location;
  const route = matchRoute(routes, pathname)?.route;
  const isRedirect = pathname.startsWith(REDIRECT_PREFIX + '/');

  // Tags (with the affixed home tab first) and usage statistics follow every navigation.
  useEffect(() => {
    if (!route || isRedirect) return;
    let tags = getTags();
    for (const affixed of routes.filter((r) => r.def.meta.affix && !r.def.meta.hidden)) {
      tags = addTag(tags, { path: affixed.def.path, fullPath: affixed.def.path, title: affixed.def.meta.title, name: affixed.def.name, affix: true });
    }
    tags = addTag(tags, { path: pathname, fullPath: pathname + search, title: route.def.meta.title, name: route.def.name, noCache: route.def.meta.noCache });
    setTags(tags);
    reportPageView(route.def.meta.statisticsName, pathname, location.key);
    // A page with a badge shows the count as it is now (it is what the page is about).
    if (route.def.meta.badge) void refreshBadge(route.def.meta.badge.api);
  }, [pathname, search, location.key]);

  // Each kept-alive page keeps its own window scroll position.
  const current = useRef(pathname);
  useEffect(() => {
    const onScroll = () => rememberScroll(current.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    current.current = pathname;
    window.scrollTo(0, savedScroll(pathname));
  }, [pathname]);

  const orgName = profile?.orgName ?? session.orgs.find((org) => org.orgId === profile?.orgId)?.name ?? '';
  // On mobile the sidebar overlays the page instead of pushing it aside.
  const siderWidth = mobile ? 0 : collapsed ? 80 : SIDEBAR_WIDTH;

  return (
    <Layout style={{ minHeight: '100vh' }} data-size={settings.size}>
      <Layout.Sider
        width={SIDEBAR_WIDTH}
        collapsible
        collapsed={collapsed}
        trigger={null}
        collapsedWidth={mobile ? 0 : 80}
        data-testid="sidebar"
        style={{ position: 'fixed', left: 0, top: 0, bottom: 0, overflowY: 'auto', zIndex: 30 }}
      >
        {settings.sidebarLogo && (
          <div className="shell-logo" data-testid="sidebar-logo" style={{ fontSize: collapsed ? 14 : 17 }}>
            {collapsed ? '物流' : APP_TITLE}
          </div>
        )}
        <SideMenu roles={session.roles ?? []} collapsed={collapsed} onNavigate={mobile ? () => setCollapsed(true) : undefined} />
      </Layout.Sider>
      <Layout style={{ marginLeft: siderWidth, transition: 'margin-left .2s' }}>
        <Navbar
          mobile={mobile}
          collapsed={collapsed}
          onToggle={() => setCollapsed(!collapsed)}
          fixed={settings.fixedHeader}
          roles={session.roles ?? []}
          token={session.token}
          realtime={<RealtimeHeader />}
          user={<UserMenu name={profile?.name} orgName={orgName} avatar={profile?.avatar} onSwitchOrg={() => setSwitching(true)} compact={mobile} />}
        />
        {settings.tagsView && <TagsView fixed={settings.fixedHeader} />}
        <Layout.Content className="shell-main">
          <PageStack path={pathname} noCache={isRedirect || Boolean(route?.def.meta.noCache)}>{children}</PageStack>
        </Layout.Content>
      </Layout>
      <RightPanel />
      {switching && (
        <Suspense fallback={null}>
          <SwitchOrgDialog
            open={switching}
            onClose={() => setSwitching(false)}
            orgs={session.orgs}
            currentOrgId={profile?.orgId}
            currentName={orgName}
          />
        </Suspense>
      )}
    </Layout>
  );
}
