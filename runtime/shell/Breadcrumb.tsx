import { useMemo } from 'react';
import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { groupsOf, matchRoute } from '../router/routes';
import { pageFiles, routes } from '../router/pages';
import { breadcrumbOf } from './breadcrumb';

export function ShellBreadcrumb() {
  const { pathname } = useLocation();
  const items = useMemo(() => {
    const route = matchRoute(routes, pathname)?.route;
    return breadcrumbOf(route, route ? groupsOf(pageFiles, route.file) : []);
  }, [pathname]);
  return (
    <Breadcrumb
      className="shell-breadcrumb"
      separator="/"
      data-testid="breadcrumb"
      items={items.map((item) => ({ title: item.to ? <Link to={item.to}>{item.title}</Link> : <span>{item.title}</span> }))}
    />
  );
}

/** The collapsed header's title (mobile): the current page only, cut with an ellipsis when long. */
export function ShellPageTitle() {
  const { pathname } = useLocation();
  const title = useMemo(() => {
    const route = matchRoute(routes, pathname)?.route;
    return breadcrumbOf(route, route ? groupsOf(pageFiles, route.file) : []).at(-1)?.title ?? '';
  }, [pathname]);
  return <span className="shell-page-title" data-testid="page-title">{title}</span>;
}
