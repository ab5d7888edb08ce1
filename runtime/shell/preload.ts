/**
 * Layout preload (seed 000 §4, 002 §7.11): the reference lists declared with `preload` in
 * schemas/reference-lists.json, loaded once through the cached layer in runtime/reference. Each
 * failure is logged and leaves that list empty for a later retry; a list declared
 * `emptyOnFailure` (the organisations, §8) is emptied as well.
 *
 * Location by IP: the product runs without internet access and no maps key, so there is no IP
 * lookup; the session's organisation (its region code) is what screens use as "where I am".
 * The daily message count belongs to the real-time client, which loads it when it connects and
 * keeps it current from pushes (runtime/realtime), so it is not loaded twice here.
 */
import { REFERENCE_LISTS, referenceList } from '../reference/lists';

export const PRELOADED: readonly string[] = REFERENCE_LISTS.filter((def) => def.preload).map((def) => def.name);

export async function preloadReferences(): Promise<void> {
  await Promise.all(
    REFERENCE_LISTS.filter((def) => def.preload).map((def) => {
      const list = referenceList(def.name);
      return list.get().catch((err) => {
        console.error(`preload ${def.name} failed`, err);
        if (def.emptyOnFailure) list.clear();
      });
    }),
  );
}
