/** /redirect/<path>: goes straight back to <path> (replace), so the page there mounts afresh. */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageLoading } from '../../router/PageLoading';

export function redirectTarget(pathname: string, search: string): string {
  const rest = pathname.replace(/^\/redirect/, '') || '/';
  return rest + search;
}

export default function Redirect() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(redirectTarget(pathname, search), { replace: true });
  }, [pathname, search]);
  return <PageLoading />;
}
