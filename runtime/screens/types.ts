/** What every custom screen receives. Its own file, so that no screen imports the registry that loads it. */
import type { PageDef } from '../router/types';

export interface ScreenProps {
  page: PageDef;
  /** the route's parameters (and the address's query) */
  params?: Record<string, string>;
  /** a detail tab of type screen: the record shown, and a way to reload it after the piece changed it */
  record?: Record<string, any>;
  onChanged?: () => void;
}
