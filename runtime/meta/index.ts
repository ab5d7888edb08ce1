/**
 * The definitions a screen needs at run time, loaded with the screen: resolved entities (one
 * file each), what the catalogue says of an entry (filters, sort, transition), and forms
 * (business layouts expanded from their entity, designer forms, or the organisation's own
 * customised version of a business form).
 */
import type { ResolvedEntity } from '../../schemas/src/entity-schema';
import type { LayoutDef } from '../../schemas/src/layout';
import type { DesignerForm } from '../../schemas/src/form-to-formily';
import type { FilterOp } from '../../schemas/src/fields/registry';
import type { ReportDef } from '../../schemas/src/catalogue';
import { request } from '../../api/http';

const entityFiles = import.meta.glob<ResolvedEntity>('/schemas/generated/entities/*.json', { import: 'default' });
const layoutFiles = import.meta.glob<LayoutDef>('/schemas/layouts/*.json', { import: 'default' });
const formFiles = import.meta.glob<DesignerForm>('/schemas/forms/*.json', { import: 'default' });

export interface UiEntry {
  handler: string;
  entity?: string;
  permission: string;
  filters?: (string | { field: string; op?: FilterOp })[];
  sort?: string[];
  mine?: boolean;
  transition?: string;
  fixed?: Record<string, unknown>;
  maxPageSize?: number;
  report?: ReportDef;
}

const entities = new Map<string, ResolvedEntity>();

export async function loadEntity(name: string): Promise<ResolvedEntity> {
  const hit = entities.get(name);
  if (hit) return hit;
  const load = entityFiles[`/schemas/generated/entities/${name}.json`];
  if (!load) throw new Error(`业务类别 ${name} 不存在`);
  const e = await load();
  entities.set(name, e);
  return e;
}

/** An already loaded entity (forms resolve child entities synchronously once loaded). */
export function peekEntity(name: string): ResolvedEntity | undefined {
  return entities.get(name);
}

/** The entity and the entities of its child lines. */
export async function loadEntityWithChildren(name: string): Promise<ResolvedEntity> {
  const e = await loadEntity(name);
  await Promise.all(Object.values(e.children).map((c) => loadEntity(c.entity)));
  return e;
}

// One file per call prefix (scripts/gen/ui.ts): the whole catalogue was 15 KB gzip on the home page.
const uiFiles = import.meta.glob<Record<string, UiEntry>>('/schemas/generated/ui/*.json', { import: 'default' });

export async function uiEntry(id: string): Promise<UiEntry> {
  const file = uiFiles[`/schemas/generated/ui/${id.slice(0, id.indexOf('.') >>> 0)}.json`];
  const entry = file ? (await file())[id] : undefined;
  if (!entry) throw new Error(`接口 ${id} 不存在`);
  return entry;
}

export function hasLayout(name: string): boolean {
  return Boolean(layoutFiles[`/schemas/layouts/${name}.json`]);
}

/** A business layout in the designer's format, its entity facts filled in. */
export async function expandedLayout(name: string): Promise<DesignerForm> {
  const layout = await layoutFiles[`/schemas/layouts/${name}.json`]!();
  const entity = await loadEntityWithChildren(layout.entity);
  void entity;
  // The layout expander brings the designer's component registry: loaded with a form only, so a
  // screen that just reads entity facts (the home page's lists) doesn't carry it.
  const { expandLayout } = await import('../../schemas/src/layout');
  return expandLayout(layout, (n) => peekEntity(n));
}

export function businessFormNames(): string[] {
  return Object.keys(layoutFiles).map((p) => p.replace(/^.*\//, '').replace(/\.json$/, ''));
}

interface CustomForm { definition: DesignerForm; revision: number; name: string }

const customised = new Map<string, Promise<CustomForm | null>>();

/** Clears remembered customised forms (after saving one in the designer, or switching organisation). */
export function forgetCustomForms(): void {
  customised.clear();
}

/**
 * The form a screen renders: the organisation's customised version of a business form when it
 * has one (saved in the designer), else the layout; designer forms by name.
 */
export async function loadForm(name: string): Promise<DesignerForm> {
  if (hasLayout(name)) {
    let custom = customised.get(name);
    if (!custom) {
      custom = request<CustomForm | null>({ method: 'GET', url: '/api/v1/form-base/form/custom/{baseForm}', params: { baseForm: name }, silent: true }).catch(() => null);
      customised.set(name, custom);
    }
    const found = await custom;
    const layout = await layoutFiles[`/schemas/layouts/${name}.json`]!();
    await loadEntityWithChildren(layout.entity);
    if (found?.definition) return { ...found.definition, entity: layout.entity };
    return expandedLayout(name);
  }
  const load = formFiles[`/schemas/forms/${name}.json`];
  if (!load) throw new Error(`表单 ${name} 不存在`);
  const form = await load();
  if (form.entity) await loadEntityWithChildren(form.entity);
  return form;
}
