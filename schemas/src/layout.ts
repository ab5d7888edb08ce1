/**
 * Business form layouts (schemas/layouts/*.json): a form bound to an entity says only which
 * fields go where; everything else — label, required, length, format, enum options, reference
 * picker, decimals, child-line tables — comes from the entity. `expandLayout` turns a layout
 * into the designer's format (seed 001 §3), so a business form opens, changes and previews in
 * the designer, and an organisation's customised version renders through the same compiler.
 */
import { componentOf } from './components/registry';
import type { DesignerForm, DesignerItem } from './form-to-formily';
import { fieldType } from './fields/registry';
import type { FieldDef, ResolvedEntity } from './fields/types';

export interface LayoutField {
  field: string;
  span?: number;
  label?: string;
  placeholder?: string;
  /** a designer compType instead of the type's default widget */
  widget?: string;
  /** only tightens: an entity's required field stays required */
  required?: boolean;
  readOnly?: boolean;
  rows?: number;
  /** child lines / json tables: the columns to show, in order */
  columns?: string[];
  /** select / treeCheck: the option source (enum:<name>, ref:<entity>, region, permissions) */
  options?: string;
  /**
   * designerForm (a json field): filled with a designer form chosen by another field — the record
   * `api` answers for that field's value (its path parameter is named like the field) names the
   * form in its field `name`; the latest revision of that form is rendered and checked.
   */
  formOf?: { field: string; api: string; name: string };
  /** must equal this other field of the layout, else `sameAsMessage` (default «<标题>不一致») */
  sameAs?: string;
  sameAsMessage?: string;
  /** shown only while these other fields have these values (arrays: any of); hidden, it is neither checked nor sent */
  visibleWhen?: Record<string, unknown>;
  /**
   * child lines: a scan field above the table — a scanned code finds the record of the `into`
   * field's reference whose `lookup` field equals it, and adds its line or raises its `qty`
   */
  scan?: { lookup: string; into: string; qty: string; step?: number; placeholder?: string };
  /**
   * a text field with suggestions while typing: `api` answers `{tips: [{name, address, district,
   * adcode}]}` for `keywords` (the 高德 input-tips shape); `region` names the form's region field,
   * which limits the suggestions and is filled from the chosen one
   */
  suggest?: LayoutSuggest;
}

export interface LayoutSuggest { api: string; region?: string }

export interface LayoutSection {
  title?: string;
  fields: (string | LayoutField)[];
}

export interface LayoutDef {
  name: string;
  title: string;
  entity: string;
  labelWidth?: number;
  /** fields per row (default 2) */
  columns?: number;
  sections: LayoutSection[];
}

export type EntityResolver = (name: string) => ResolvedEntity | undefined;

export const LAYOUT_FIELD = (raw: string | LayoutField): LayoutField => (typeof raw === 'string' ? { field: raw } : raw);

const wide = (f: FieldDef) => Boolean(fieldType(f).wide);

function base(compType: string, id: string, f: FieldDef, lf: LayoutField, span: number, labelWidth: number): DesignerItem {
  const def = componentOf(compType);
  if (!def) throw new Error(`unknown compType ${compType}`);
  const verb = ['input', 'inputNumber', 'textarea'].includes(compType) ? '请输入' : '请选择';
  return {
    ...def.defaults(),
    id,
    _id: id,
    label: lf.label ?? f.title,
    labelWidth,
    placeholder: lf.placeholder ?? `${verb}${lf.label ?? f.title}`,
    required: Boolean(f.required || lf.required),
    ruleError: `${lf.label ?? f.title}不能为空`,
    span,
    value: '',
    readonly: Boolean(lf.readOnly || (f.readOnly && !f.editable)),
    ...(lf.sameAs ? { sameAs: lf.sameAs, ...(lf.sameAsMessage ? { sameAsMessage: lf.sameAsMessage } : {}) } : {}),
    ...(lf.visibleWhen ? { visibleWhen: lf.visibleWhen } : {}),
  } as unknown as DesignerItem;
}

/** The designer item of one entity field. */
export function fieldItem(entity: ResolvedEntity, lf: LayoutField, span: number, labelWidth: number, resolve: EntityResolver): DesignerItem {
  const child = entity.children[lf.field];
  if (child) return childTable(entity, lf, labelWidth, resolve);
  const f = entity.fields[lf.field];
  if (!f) throw new Error(`${entity.name} has no field ${lf.field}`);
  if (lf.widget === 'treeCheck') {
    // A list of values checked in a tree: a multiple select of the designer's format, shown as a tree.
    const item = base('select', lf.field, f, lf, span, labelWidth);
    return Object.assign(item, { dataType: 'store', storeDispatchName: lf.options ?? '', options: [], multiple: true, tree: true, value: [] });
  }
  if (lf.widget === 'designerForm') {
    // A designer form inside the form (a textarea in the designer's own palette, compiled to SubForm).
    const item = base('textarea', lf.field, f, lf, 24, labelWidth);
    return Object.assign(item, { formOf: lf.formOf, value: undefined });
  }
  const type = fieldType(f);
  const compType = lf.widget ?? type.widget;
  if (compType === 'dynamicTable') return jsonTable(entity, lf, f, labelWidth);
  const item = base(compType, lf.field, f, lf, span, labelWidth);
  if (lf.suggest) Object.assign(item, { suggest: lf.suggest });
  if (lf.options && compType === 'select') Object.assign(item, { dataType: 'store', storeDispatchName: lf.options, options: [] });
  Object.assign(item, type.widgetProps?.(f, { rows: lf.rows }));
  return item;
}

/**
 * A table column's id is prefixed by its table's (`contacts_name`) so it never equals a
 * top-level field of the form (`name`); `field` keeps the row property it holds.
 */
export const columnId = (table: string, field: string) => `${table}_${field}`;

function bindColumn(item: DesignerItem, table: string, field: string): DesignerItem {
  const id = columnId(table, field);
  return { ...item, id, _id: id, field };
}

function columnItem(entity: ResolvedEntity, table: string, name: string, resolve: EntityResolver): DesignerItem {
  // A table column's label is its header; the width is the designer's default (a shown label needs one).
  const item = fieldItem(entity, { field: name }, 24, 80, resolve);
  return { ...bindColumn(item, table, name), showLabel: true };
}

/** Child lines (master-detail) as a dynamic table whose columns are the child entity's fields. */
function childTable(entity: ResolvedEntity, lf: LayoutField, labelWidth: number, resolve: EntityResolver): DesignerItem {
  const c = entity.children[lf.field]!;
  const child = resolve(c.entity);
  if (!child) throw new Error(`unknown child entity ${c.entity}`);
  const names = lf.columns ?? Object.keys(child.fields).filter((k) => k !== c.key && !child.fields[k]!.readOnly && !wide(child.fields[k]!));
  const columns = names.map((n) => columnItem(child, lf.field, n, resolve));
  const money = names.some((n) => child.fields[n] && fieldType(child.fields[n]!).cell === 'money');
  return {
    ...componentOf('dynamicTable')!.defaults(),
    id: lf.field, _id: lf.field, label: lf.label ?? c.title, labelWidth, span: 24, columns,
    'show-summary': money, 'summary-text': '元',
    ...(lf.scan ? { scan: scanOf(entity, lf, child, resolve) } : {}),
  } as unknown as DesignerItem;
}

/** The scan field's configuration, checked against the child entity and the referenced one. */
export function scanOf(entity: ResolvedEntity, lf: LayoutField, child: ResolvedEntity, resolve: EntityResolver) {
  const s = lf.scan!;
  const into = child.fields[s.into];
  if (!into || into.type !== 'reference' || !into.ref) throw new Error(`${entity.name}.${lf.field}: scan.into ${s.into} is no reference of ${child.name}`);
  // The browser may not have loaded the referenced entity: `npm run gen`, which resolves them all, checks it.
  const target = resolve(into.ref);
  if (target && !target.lookup?.fields.includes(s.lookup)) throw new Error(`${entity.name}.${lf.field}: scan.lookup ${s.lookup} is not a lookup field of ${target.name}`);
  const qty = child.fields[s.qty];
  if (!qty || !['integer', 'number'].includes(qty.type)) throw new Error(`${entity.name}.${lf.field}: scan.qty ${s.qty} is no number of ${child.name}`);
  return { ref: into.ref, refTitle: into.title, lookup: s.lookup, into: s.into, qty: s.qty, ...(s.step ? { step: s.step } : {}), ...(s.placeholder ? { placeholder: s.placeholder } : {}) };
}

/**
 * A json field holding a list of flat objects (contacts, price lines, approval nodes) as a dynamic
 * table. A property annotated `x-enum` (an enumeration) is a select of its labels; `x-ref` (an
 * entity) a picker over that entity, several ids when the property is an array.
 */
function jsonTable(entity: ResolvedEntity, lf: LayoutField, f: FieldDef, labelWidth: number): DesignerItem {
  type Prop = { type?: string | string[]; title?: string; maxLength?: number; format?: string; enum?: unknown[]; 'x-enum'?: string; 'x-ref'?: string };
  const itemsSchema = (f.items as { items?: { properties?: Record<string, Prop>; required?: string[] } } | undefined)?.items;
  const props = itemsSchema?.properties ?? {};
  const titled = Object.keys(props).filter((n) => props[n]?.title);
  // Untitled properties are bookkeeping (derived ids): shown only when no property has a title.
  const names = lf.columns ?? (titled.length ? titled : Object.keys(props));
  const columns = names.map((n) => {
    const p = props[n] ?? {};
    const t = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
    const required = (itemsSchema?.required ?? []).includes(n);
    if (p['x-enum'] || p['x-ref']) {
      const many = t === 'array';
      const pseudo: FieldDef = p['x-enum']
        ? { type: 'enum', enum: p['x-enum'], title: p.title ?? n, required }
        : { type: many ? 'references' : 'reference', ref: p['x-ref'], title: p.title ?? n, required };
      const item = bindColumn(base('select', n, pseudo, { field: n }, 24, 0), lf.field, n);
      Object.assign(item, {
        dataType: 'store', storeDispatchName: p['x-enum'] ? `enum:${p['x-enum']}` : `ref:${p['x-ref']}`, options: [], multiple: many, filterable: true,
        value: many ? [] : '',
      });
      return item;
    }
    if (p.format === 'clockTime') {
      // A time of day (a worker's 开始时间/结束时间): the designer's time widget, HH:mm:ss as seed 001 writes it.
      const item = bindColumn(base('time', n, { type: 'string', title: p.title ?? n, required }, { field: n }, 24, 80), lf.field, n);
      return Object.assign(item, { format: 'HH:mm:ss', 'value-format': 'HH:mm:ss', value: null });
    }
    const pseudo: FieldDef = {
      type: t === 'number' ? 'number' : t === 'integer' ? 'integer' : t === 'boolean' ? 'boolean' : 'string',
      title: p.title ?? n, maxLength: p.maxLength, required,
    };
    const compType = fieldType(pseudo).widget;
    const item = bindColumn(base(compType, n, pseudo, { field: n }, 24, 80), lf.field, n);
    if (compType === 'inputNumber') Object.assign(item, { min: null, max: null, precision: pseudo.type === 'integer' ? 0 : 3, value: null });
    if (compType === 'input') Object.assign(item, { maxLength: pseudo.maxLength ?? 100 });
    return item;
  });
  void entity;
  return {
    ...componentOf('dynamicTable')!.defaults(),
    id: lf.field, _id: lf.field, label: lf.label ?? f.title, labelWidth, span: 24, columns,
  } as unknown as DesignerItem;
}

export function expandLayout(layout: LayoutDef, resolve: EntityResolver): DesignerForm {
  const entity = resolve(layout.entity);
  if (!entity) throw new Error(`layout ${layout.name}: unknown entity ${layout.entity}`);
  const perRow = layout.columns ?? 2;
  const labelWidth = layout.labelWidth ?? 110;
  const list: DesignerItem[] = [];
  layout.sections.forEach((section, si) => {
    if (section.title) {
      list.push({ ...componentOf('divider')!.defaults(), id: `section_${si}`, text: section.title, 'content-position': 'left' } as unknown as DesignerItem);
    }
    for (const raw of section.fields) {
      const lf = LAYOUT_FIELD(raw);
      const f = entity.fields[lf.field];
      const span = lf.span ?? (entity.children[lf.field] || (f && wide(f)) ? 24 : Math.floor(24 / perRow));
      list.push(fieldItem(entity, lf, span, labelWidth, resolve));
    }
  });
  return {
    name: layout.name,
    title: layout.title,
    entity: layout.entity,
    config: { ...(componentOf('row') ? {} : {}), labelWidth, labelPosition: 'right', gutter: 15, size: 'medium', disabled: false, dynamicTableAllowed: true, name: layout.title, version: '1.10' },
    list,
  };
}

/** Every field a layout names (children included), for the generator's cross-checks. */
export function layoutFields(layout: LayoutDef): string[] {
  return layout.sections.flatMap((s) => s.fields.map((f) => LAYOUT_FIELD(f).field));
}
