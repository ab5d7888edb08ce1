/**
 * A reference list loaded once when empty and reused (seed 000 §4). Concurrent callers share
 * one request; a failed load rejects to every caller and leaves the cache empty for a retry.
 */
export interface CachedList<T> {
  get(): Promise<T[]>;
  reload(): Promise<T[]>;
  peek(): T[] | undefined;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export function cachedList<T>(load: () => Promise<T[]>): CachedList<T> {
  let value: T[] | undefined;
  let pending: Promise<T[]> | undefined;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const fetchOnce = () => {
    if (!pending) {
      pending = load().then(
        (items) => {
          value = items ?? [];
          pending = undefined;
          notify();
          return value;
        },
        (err) => {
          pending = undefined;
          throw err;
        },
      );
    }
    return pending;
  };

  return {
    get: () => (value && value.length > 0 ? Promise.resolve(value) : fetchOnce()),
    reload: () => {
      value = undefined;
      pending = undefined;
      return fetchOnce();
    },
    peek: () => value,
    clear: () => {
      value = undefined;
      pending = undefined;
      notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
