/** Shapes of the one component registry (seed 001 §3): default item, group, placement, property panel. */
import type { DesignerItem } from '../form-to-formily';

export type PaletteGroup = 'common' | 'layout' | 'assist';

export const GROUP_TITLES: Record<PaletteGroup, string> = {
  common: '常用组件',
  layout: '布局组件',
  assist: '辅助组件',
};

/** One field of a property panel. `prop` is the item property (dotted for nested, e.g. style.width). */
export interface PanelField {
  prop: string;
  label: string;
  kind: 'input' | 'textarea' | 'number' | 'switch' | 'select' | 'radio' | 'color';
  min?: number;
  max?: number;
  step?: number;
  precision?: number;
  options?: { label: string; value: string | number | boolean }[];
  tooltip?: string;
  /** shown only when this returns true for the edited item */
  showIf?: (item: DesignerItem) => boolean;
  /** JSON Schema of the value in the metamodel (derived from kind/min/max/options when absent) */
  schema?: Record<string, unknown>;
  /** not written to the metamodel (e.g. a switch that only drives another property) */
  virtual?: boolean;
}

/** Extra editors of the panel that are not scalar fields (lists, trees, cell actions). */
export type PanelExtra = 'options' | 'rules' | 'rowColumns' | 'dynamicColumns' | 'tableCells' | 'colConf' | 'cascaderOptions' | 'predefine' | 'accept' | 'icon';

export interface ComponentDef {
  compType: string;
  compName: string;
  icon: string;
  group: PaletteGroup;
  /** false for tdItem: only ever created by a layout table */
  inPalette: boolean;
  /** a layout component (rows, dynamic tables, layout tables) */
  layoutComponent: boolean;
  /** may be dropped into a dynamic table (seed 001 §5) */
  inDynamicTable: boolean;
  /** may be dropped into a layout-table cell */
  inTableCell: boolean;
  /** carries a submitted value */
  dataField: boolean;
  /** the item as the palette creates it (without id) */
  defaults: () => Omit<DesignerItem, 'id'>;
  panel: PanelField[];
  extras: PanelExtra[];
}
