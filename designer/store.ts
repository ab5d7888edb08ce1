/**
 * The designer's state: the form being built, the active item, the session memory of seed 001 §4
 * (remembered span, saved static options) and undo/redo history. A small external store read with
 * useSyncExternalStore so each canvas item re-renders only when its own item or active flag changes.
 * Every edit goes through the pure functions of schemas/src/designer-rules.ts.
 */
import { useSyncExternalStore } from 'react';
import type { DesignerConfig, DesignerForm, DesignerItem } from '../schemas/src/form-to-formily';
import {
  appendColumn, appendRow, changeProp, collectIds, copyItem, createItem, emptyForm, findItem, insertItem, locate, mergeDown, mergeRight, separateColumnIds,
  moveItem, newSession, removeItem, replaceItem, splitCell, tableRows, walkItems, type Container, type DesignerSession, type TableCell,
} from '../schemas/src/designer-rules';

export const STORAGE_KEY = 'form-designer:definition';
const HISTORY_LIMIT = 200;

interface Snapshot {
  form: DesignerForm;
  activeId?: string;
}

export interface DesignerState {
  form: DesignerForm;
  activeId?: string;
  session: DesignerSession;
  past: Snapshot[];
  future: Snapshot[];
  /** bumps when the form changes other than through the property panel (undo, import, ...) */
  externalRev: number;
  /** server identity of the definition being edited */
  saved?: { name: string; title: string; revision: number; baseForm?: string };
  dirty: boolean;
}

export interface CellRef {
  table: DesignerItem;
  r: number;
  c: number;
  cell: TableCell;
}

/** A layout-table cell by its id. */
export function findCell(list: readonly DesignerItem[], cellId: string | undefined): CellRef | undefined {
  if (!cellId) return undefined;
  let found: CellRef | undefined;
  walkItems(list, (item) => {
    if (found || item.compType !== 'table') return;
    tableRows(item).forEach((row, r) => row.forEach((cell, c) => {
      if (!found && cell.id === cellId) found = { table: item, r, c, cell };
    }));
  });
  return found;
}

export class DesignerStore {
  private state: DesignerState;
  private listeners = new Set<() => void>();
  private lastCoalesce?: { key: string; at: number };

  constructor(form: DesignerForm = emptyForm()) {
    this.state = { form, session: newSession(), past: [], future: [], externalRev: 0, dirty: false };
  }

  getState = (): DesignerState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<DesignerState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  private persist(form: DesignerForm): void {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(form));
    } catch {
      /* storage full or unavailable: the designer keeps working */
    }
  }

  /** Records the current snapshot in history and applies a new form. */
  private commit(form: DesignerForm, activeId: string | undefined, opts: { coalesce?: string; external?: boolean; session?: DesignerSession } = {}): void {
    const now = Date.now();
    const coalesce = opts.coalesce && this.lastCoalesce?.key === opts.coalesce && now - this.lastCoalesce.at < 1000;
    const past = coalesce ? this.state.past : [...this.state.past, { form: this.state.form, activeId: this.state.activeId }].slice(-HISTORY_LIMIT);
    this.lastCoalesce = opts.coalesce ? { key: opts.coalesce, at: now } : undefined;
    this.set({
      form, activeId, past, future: [], dirty: true,
      session: opts.session ?? this.state.session,
      externalRev: opts.external === false ? this.state.externalRev : this.state.externalRev + 1,
    });
    this.persist(form);
  }

  private withList(list: DesignerItem[]): DesignerForm {
    return { ...this.state.form, list };
  }

  ids(): Set<string> {
    return collectIds(this.state.form.list);
  }

  /** Adds a copy of a palette component; it becomes the active item. Returns an error message or null. */
  add(compType: string, container: Container = { kind: 'root' }, index?: number): string | null {
    const item = createItem(compType, this.ids(), this.state.session);
    const result = insertItem(this.state.form.list, item, container, index);
    if (!result.ok) return result.error;
    this.commit(this.withList(result.list), item.id);
    return null;
  }

  select(id: string | undefined): void {
    if (this.state.activeId === id) return;
    this.set({ activeId: id, externalRev: this.state.externalRev + 1 });
  }

  remove(id: string): void {
    const list = removeItem(this.state.form.list, id);
    const activeGone = this.state.activeId === id || (this.state.activeId && !findItem(list, this.state.activeId) && !findCell(list, this.state.activeId));
    this.commit(this.withList(list), activeGone ? undefined : this.state.activeId);
  }

  copy(id: string): string | null {
    const item = findItem(this.state.form.list, id);
    const at = locate(this.state.form.list, id);
    if (!item || !at) return null;
    const clone = copyItem(item, this.ids());
    const result = insertItem(this.state.form.list, clone, at.container, at.index + 1);
    if (!result.ok) return result.error;
    this.commit(this.withList(result.list), clone.id);
    return null;
  }

  /** Moves an item; a refused move leaves everything as it was (the rollback) and returns the message. */
  move(id: string, container: Container, index: number): string | null {
    const result = moveItem(this.state.form.list, id, container, index);
    if (!result.ok) return result.error;
    this.commit(this.withList(result.list), id);
    return null;
  }

  /** One property change from the panel, with the seed's side effects. */
  change(id: string, prop: string, value: unknown): string | null {
    const item = findItem(this.state.form.list, id);
    if (!item) return null;
    const ids = this.ids();
    ids.delete(id);
    const result = changeProp(item, prop, value, this.state.session, ids);
    if (result.item === item) {
      if (result.error) this.set({ externalRev: this.state.externalRev + 1 });
      return result.error ?? null;
    }
    const list = replaceItem(this.state.form.list, id, result.item);
    const activeId = this.state.activeId === id ? result.item.id : this.state.activeId;
    this.commit(this.withList(list), activeId, { coalesce: `${id}:${prop}`, external: Boolean(result.error), session: result.session });
    return result.error ?? null;
  }

  /** Replaces an item wholesale (list editors of the panel: options, rules, columns ...). */
  update(id: string, mutate: (item: DesignerItem) => DesignerItem): void {
    const item = findItem(this.state.form.list, id);
    if (!item) return;
    const next = mutate(structuredClone(item));
    this.commit(this.withList(replaceItem(this.state.form.list, id, next)), this.state.activeId);
  }

  /** Layout-table cell edits: style, merge right/down, split, append row/column. */
  cell(cellId: string, op: 'mergeRight' | 'mergeDown' | 'split' | 'appendRow' | 'appendColumn' | { prop: string; value: unknown }): void {
    const ref = findCell(this.state.form.list, cellId);
    if (!ref) return;
    let table = ref.table;
    if (op === 'mergeRight') table = mergeRight(table, ref.r, ref.c);
    else if (op === 'mergeDown') table = mergeDown(table, ref.r, ref.c);
    else if (op === 'split') table = splitCell(table, ref.r, ref.c);
    else if (op === 'appendRow') table = appendRow(table, this.ids());
    else if (op === 'appendColumn') table = appendColumn(table, this.ids());
    else {
      const rows = structuredClone(tableRows(table));
      const cell = rows[ref.r]![ref.c]!;
      const [head, key] = op.prop.split('.');
      if (head === 'style' && key) cell.style = { ...(cell.style ?? {}), [key]: op.value };
      else (cell as Record<string, unknown>)[op.prop] = op.value;
      table = { ...table, layoutArray: rows };
    }
    if (table === ref.table) return;
    // A property typed in the cell panel is not an external change: the panel (and the field
    // being typed in) must stay, or "60" is stored as 6 when the field loses focus after one key.
    const typed = typeof op === 'object';
    this.commit(this.withList(replaceItem(this.state.form.list, table.id, table)), this.state.activeId, { coalesce: typed ? `${cellId}:${op.prop}` : undefined, external: typed ? false : undefined });
  }

  setConfig(config: DesignerConfig): void {
    this.commit({ ...this.state.form, config }, this.state.activeId);
  }

  clear(): void {
    this.commit({ ...this.state.form, list: [] }, undefined);
  }

  /** Replaces the whole definition (JSON import, opening a form). */
  load(form: DesignerForm, saved?: DesignerState['saved']): void {
    // A form saved with a table column sharing another component's id opens with the column's own id.
    this.commit(structuredClone(separateColumnIds(form)), undefined);
    if (saved !== undefined) this.set({ saved, dirty: false });
  }

  markSaved(saved: NonNullable<DesignerState['saved']>): void {
    this.set({ saved, dirty: false });
  }

  undo(): void {
    const previous = this.state.past[this.state.past.length - 1];
    if (!previous) return;
    this.lastCoalesce = undefined;
    this.set({
      form: previous.form, activeId: previous.activeId, past: this.state.past.slice(0, -1),
      future: [{ form: this.state.form, activeId: this.state.activeId }, ...this.state.future], externalRev: this.state.externalRev + 1, dirty: true,
    });
    this.persist(previous.form);
  }

  redo(): void {
    const next = this.state.future[0];
    if (!next) return;
    this.lastCoalesce = undefined;
    this.set({
      form: next.form, activeId: next.activeId, future: this.state.future.slice(1),
      past: [...this.state.past, { form: this.state.form, activeId: this.state.activeId }], externalRev: this.state.externalRev + 1, dirty: true,
    });
    this.persist(next.form);
  }
}

export function useDesigner<T>(store: DesignerStore, select: (state: DesignerState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
