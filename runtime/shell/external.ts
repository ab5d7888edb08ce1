/**
 * The link to the external administration system (seed 000 §2.5): configured at build time
 * with VITE_ADMIN_URL, carries the access token, and is hidden when unset.
 */
export function adminLink(base: string | undefined, token: string | null): string | undefined {
  if (!base || !token) return undefined;
  const url = new URL(base, 'http://placeholder.invalid');
  url.searchParams.set('token', token);
  return base.startsWith('http') ? url.toString() : url.pathname + url.search;
}

export const ADMIN_URL: string | undefined = (import.meta as unknown as { env?: Record<string, string | undefined> }).env?.VITE_ADMIN_URL || undefined;
