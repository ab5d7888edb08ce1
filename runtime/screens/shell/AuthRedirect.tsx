/**
 * /auth-redirect: where an external authentication hands back. A ?token= was already taken as
 * the session by main.tsx (and removed from the address); this page then goes to ?redirect or home.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { redirectTarget } from '../../router/routes';
import { getSession } from '../../session/store';
import { PageLoading } from '../../router/PageLoading';

export default function AuthRedirect() {
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(getSession().token ? redirectTarget(search) : `/login${search}`, { replace: true });
  }, [search]);
  return <PageLoading />;
}
