/**
 * The list and the detail show each other (a list opens its record's detail; a detail's tab is a
 * related list) without importing each other: the list hands itself down through this context
 * to the details it opens, and a detail page of its own provides it too.
 */
import { createContext, type ComponentType } from 'react';
import type { ListDef } from '../../router/types';

export interface ListViewProps {
  list: ListDef;
  title?: string;
  /** the page's path: filters, paging and sort sync with the address bar while it is shown */
  urlPath?: string;
  /** filters fixed by the context (a related list's parent id, route parameters) */
  fixed?: Record<string, unknown>;
  /** create: initial values (a related list's parent id) */
  createValues?: Record<string, unknown>;
  embedded?: boolean;
  /** called after any change (create, edit, transition) so a parent view can refresh */
  onChanged?: () => void;
  /**
   * A tab's list (no urlPath of its own) on the page being shown: `?<rowKey>=` in the address
   * (a notice's link) opens that record's detail, and closing it takes the parameter away.
   */
  detailFromAddress?: boolean;
  /**
   * A tab's list shown on arrival: its filters start from the address (a report's drill), as a
   * page's own list does; changing them does not write the address back.
   */
  filtersFromAddress?: boolean;
}

/** The list component a detail renders its related tabs with. */
export const ListComponent = createContext<ComponentType<ListViewProps> | null>(null);
