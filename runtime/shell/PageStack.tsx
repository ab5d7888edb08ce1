/** Renders the current page and keeps the cached ones mounted but hidden (see pageCache.ts). */
import { useEffect, useReducer, type ReactNode } from 'react';
import { cachedPages, keepPage, onForget } from './pageCache';

export function PageStack({ path, noCache, children }: { path: string; noCache: boolean; children: ReactNode }) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => onForget(rerender), []);
  if (!noCache) keepPage(path, children);
  const entries = cachedPages();
  return (
    <>
      {entries.map(([key, element]) => (
        <div key={key} className="shell-page" data-page={key} style={key === path ? undefined : { display: 'none' }} aria-hidden={key !== path}>
          {key === path ? children : element}
        </div>
      ))}
      {noCache && (
        <div key={`nocache:${path}`} className="shell-page" data-page={path}>
          {children}
        </div>
      )}
    </>
  );
}
