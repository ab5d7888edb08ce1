import { useEffect, useState } from 'react';
import type { CachedList } from './cache';

/** The current items of a cached reference list, loading it when empty. A failed load leaves it undefined. */
export function useReference<T>(list: CachedList<T>, enabled = true): T[] | undefined {
  const [items, setItems] = useState<T[] | undefined>(list.peek());
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    const sync = () => alive && setItems(list.peek());
    const unsubscribe = list.subscribe(sync);
    list.get().then(
      (value) => alive && setItems(value),
      (err) => console.error(err),
    );
    return () => {
      alive = false;
      unsubscribe();
    };
  }, [list, enabled]);
  return items;
}
