/**
 * Property panels as forms in the designer format (the same config + list a business form uses),
 * built from the registry's panel fields and rendered by the runtime form renderer. Field ids are
 * the property paths made id-safe; `prop` keeps the path.
 */
import type { DesignerForm, DesignerItem } from '../form-to-formily';
import { componentOf } from './registry';
import type { PanelField } from './types';

export const panelFieldId = (prop: string): string => `p_${prop.replace(/[^A-Za-z0-9_]/g, '_')}`;

function panelItem(field: PanelField): DesignerItem {
  const base = {
    id: panelFieldId(field.prop), prop: field.prop, label: field.label, showLabel: true, labelWidth: 90, span: 24, layout: 'colItem',
    required: false, rules: [], clearable: false, tooltip: field.tooltip,
  };
  switch (field.kind) {
    case 'switch':
      return { ...base, compType: 'Switch' };
    case 'number':
      return { ...base, compType: 'inputNumber', min: field.min, max: field.max, step: field.step ?? 1, precision: field.precision ?? ((field.step ?? 1) % 1 === 0 ? 0 : 2), placeholder: '' };
    case 'select':
      return { ...base, compType: 'select', options: field.options ?? [], dataType: 'static', placeholder: `请选择${field.label}` };
    case 'radio':
      return { ...base, compType: 'radio', options: field.options ?? [], dataType: 'static', optionType: 'button' };
    case 'textarea':
      return { ...base, compType: 'textarea', rows: 4, placeholder: `请输入${field.label}` };
    case 'color':
      return { ...base, compType: 'colorPicker', value: '' };
    default:
      return { ...base, compType: 'input', placeholder: `请输入${field.label}`, clearable: true };
  }
}

/** The visible panel fields for an item (showIf applied). */
export function panelFields(item: DesignerItem): PanelField[] {
  const def = componentOf(item.compType);
  return (def?.panel ?? []).filter((field) => !field.showIf || field.showIf(item));
}

/** The property panel of an item as a form definition. */
export function panelForm(item: DesignerItem): DesignerForm {
  return {
    name: `panel-${item.compType}`,
    title: `${componentOf(item.compType)?.compName ?? item.compType}属性`,
    config: { labelWidth: 90, labelPosition: 'right', gutter: 0, size: 'small' },
    list: panelFields(item).map(panelItem),
  };
}
