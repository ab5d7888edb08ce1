/**
 * Which files are screens and under which name, shared by the browser's registry and by
 * `npm run gen`, which refuses a page whose `component` names no screen file. A screen is the
 * default export of a `.tsx` file under `pages/` or `runtime/screens/`; its name is the file's
 * base name (`pages/truck-track/TravelTrack.tsx` → `TravelTrack`). No list to keep: adding or
 * deleting the file is registering or unregistering the screen.
 */

/** Folders (repo-relative) whose `.tsx` files are screens. The registry's glob spells the same. */
export const SCREEN_ROOTS = ['pages', 'runtime/screens'] as const;

export function screenName(file: string): string | undefined {
  const m = /(?:^|\/)([^/]+)\.tsx$/.exec(file);
  return m?.[1];
}
