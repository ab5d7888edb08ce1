/**
 * Every entity's lifecycle hooks, registered in one place (checked by `npm run gen`): one line
 * per entity, the hooks themselves in the area's own folder.
 */
import type { HookRegistry } from './types';

export const entityHooks: HookRegistry = {
};
