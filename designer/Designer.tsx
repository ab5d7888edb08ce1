/** The form designer (seed 001 §2): palette, canvas, property panel, action bar and dialogs. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Button, Layout, Space, Switch, Tag, Tooltip } from 'antd';
import {
  ClearOutlined, CloudUploadOutlined, CodeOutlined, EyeOutlined, FolderOpenOutlined, RedoOutlined, SettingOutlined, UndoOutlined,
} from '@ant-design/icons';
import { DndContext, DragOverlay, PointerSensor, useDraggable, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import '../schemas/src/components';
import { GROUP_TITLES, type ComponentDef } from '../schemas/src/components/types';
import { paletteGroups } from '../schemas/src/components/registry';
import { MSG } from '../schemas/src/designer-rules';
import type { DesignerForm } from '../schemas/src/form-to-formily';
import { Canvas, type CanvasCtx } from './Canvas';
import { PropertyPanel } from './PropertyPanel';
import { JsonDialog, OpenDialog, PreviewDialog, SaveDialog, SettingsDialog } from './dialogs';
import { DesignerStore, useDesigner } from './store';
import { useSession } from '../runtime/session/store';
import { innermost, type DragData, type DropData } from './dnd';
import './designer.css';

function PaletteItem({ def, store, onError }: { def: ComponentDef; store: DesignerStore; onError: (msg: string) => void }) {
  const { setNodeRef, listeners, attributes } = useDraggable({ id: `palette:${def.compType}`, data: { kind: 'palette', compType: def.compType } satisfies DragData });
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      {...attributes}
      role="button"
      className="palette-item"
      data-testid={`palette-${def.compType}`}
      onClick={() => {
        const error = store.add(def.compType);
        if (error) onError(error);
      }}
    >
      {def.compName}
    </div>
  );
}

function Palette({ store, onError }: { store: DesignerStore; onError: (msg: string) => void }) {
  const [enabled, setEnabled] = useState({ layout: true, assist: true });
  return (
    <div className="designer-palette" data-testid="palette">
      {paletteGroups().map(({ group, items }) => (
        <div key={group} className="palette-group">
          <div className="palette-title">
            <span>{GROUP_TITLES[group]}</span>
            {group !== 'common' && (
              <Switch size="small" checked={enabled[group]} aria-label={`显示${GROUP_TITLES[group]}`} data-testid={`toggle-${group}`}
                onChange={(on) => setEnabled((e) => ({ ...e, [group]: on }))} />
            )}
          </div>
          {(group === 'common' || enabled[group]) && (
            <div className="palette-items">
              {items.map((def) => <PaletteItem key={def.compType} def={def} store={store} onError={onError} />)}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}

function isTextInput(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return Boolean(el.closest('.monaco-editor, .ant-modal'));
}

/**
 * The designer's route is not kept alive (noCache): leaving it for another tab unmounts it. The
 * draft (form, selection, undo history, the server identity it was opened from) lives on here for
 * the rest of the page's life, per signed-in user, so coming back finds the work where it was.
 */
let kept: { user: string; store: DesignerStore } | undefined;

function keptStore(user: string): DesignerStore {
  if (kept?.user !== user) kept = { user, store: new DesignerStore() };
  return kept.store;
}

/** `store`: a host screen's own draft (the category designer edits one category's form and saves it itself). */
export default function Designer({ initial, store: hosted }: { initial?: DesignerForm; store?: DesignerStore }) {
  const { message, modal } = App.useApp();
  const user = useSession().profile?.username ?? '';
  const store = useMemo(() => hosted ?? (initial ? new DesignerStore(initial) : keptStore(user)), [user, hosted]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useDesigner(store, (s) => s.form);
  const activeId = useDesigner(store, (s) => s.activeId);
  const canUndo = useDesigner(store, (s) => s.past.length > 0);
  const canRedo = useDesigner(store, (s) => s.future.length > 0);
  const saved = useDesigner(store, (s) => s.saved);
  const dirty = useDesigner(store, (s) => s.dirty);
  const [dialog, setDialog] = useState<'preview' | 'json' | 'settings' | 'open' | 'save' | null>(null);
  const [dragging, setDragging] = useState<string>();
  const onError = useCallback((msg: string) => void message.error(msg), [message]);
  const ctx: CanvasCtx = useMemo(() => ({ store, onError, highlightDynamic: Boolean(form.config?.dynamicTableAllowed) }), [store, onError, form.config?.dynamicTableAllowed]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));

  useEffect(() => {
    (window as unknown as Record<string, unknown>).__designerStore = store;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || isTextInput(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        store.undo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        store.redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);

  const onDragStart = (e: DragStartEvent) => {
    const data = e.active.data.current as DragData | undefined;
    setDragging(data?.kind === 'palette' ? data.compType : data?.kind === 'item' ? data.id : undefined);
  };
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(undefined);
    const data = e.active.data.current as DragData | undefined;
    const drop = e.over?.data.current as DropData | undefined;
    if (!data || !drop) return;
    const error = data.kind === 'palette'
      ? store.add(data.compType, drop.container, drop.index)
      : store.move(data.id, drop.container, drop.index);
    if (error) onError(error);
  };

  const clear = () => {
    modal.confirm({
      title: '提示',
      content: MSG.clearConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: () => store.clear(),
    });
  };

  return (
    <DndContext sensors={sensors} collisionDetection={innermost} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(undefined)}>
      <Layout className="form-designer" data-testid="form-designer">
        <Layout.Sider width={230} theme="light" className="designer-left">
          <Palette store={store} onError={onError} />
        </Layout.Sider>
        <Layout.Content className="designer-center">
          <div className="designer-actions">
            <Space wrap>
              <Tooltip title="撤销 (Ctrl+Z)"><Button icon={<UndoOutlined />} disabled={!canUndo} onClick={() => store.undo()} aria-label="撤销" data-testid="undo" /></Tooltip>
              <Tooltip title="重做 (Ctrl+Shift+Z)"><Button icon={<RedoOutlined />} disabled={!canRedo} onClick={() => store.redo()} aria-label="重做" data-testid="redo" /></Tooltip>
              {saved && <Tag color={dirty ? 'orange' : 'green'} data-testid="saved-tag">{saved.title} v{saved.revision}{dirty ? ' (未保存)' : ''}</Tag>}
            </Space>
            <Space wrap>
              <Button icon={<FolderOpenOutlined />} onClick={() => setDialog('open')} data-testid="action-open">打开</Button>
              <Button icon={<CloudUploadOutlined />} onClick={() => setDialog('save')} data-testid="action-save">保存</Button>
              <Button icon={<EyeOutlined />} onClick={() => setDialog('preview')} data-testid="action-preview">预览</Button>
              <Button icon={<CodeOutlined />} onClick={() => setDialog('json')} data-testid="action-json">JSON</Button>
              <Button icon={<SettingOutlined />} onClick={() => setDialog('settings')} data-testid="action-settings">表单设置</Button>
              <Button icon={<ClearOutlined />} danger onClick={clear} data-testid="action-clear">清空</Button>
            </Space>
          </div>
          <div className="designer-canvas" onClick={() => store.select(undefined)}>
            <Canvas list={form.list} activeId={activeId} ctx={ctx} />
          </div>
        </Layout.Content>
        <Layout.Sider width={340} theme="light" className="designer-right designer-panel">
          <PropertyPanel store={store} />
        </Layout.Sider>
      </Layout>
      <DragOverlay>{dragging ? <div className="drag-overlay">{dragging}</div> : null}</DragOverlay>
      <PreviewDialog open={dialog === 'preview'} definition={form} saved={saved ? { ...saved, clean: !dirty } : undefined} onClose={() => setDialog(null)} />
      <JsonDialog open={dialog === 'json'} definition={form} onClose={() => setDialog(null)} onConfirm={(next) => {
        store.load(next);
        setDialog(null);
      }} />
      <SettingsDialog open={dialog === 'settings'} config={form.config ?? {}} onClose={() => setDialog(null)} onChange={(config) => store.setConfig(config)} />
      <OpenDialog open={dialog === 'open'} onClose={() => setDialog(null)} onOpen={(definition, savedAs, baseForm) => {
        store.load(definition, savedAs ?? { name: '', title: definition.title ?? '', revision: 0, baseForm });
        setDialog(null);
      }} />
      <SaveDialog open={dialog === 'save'} store={store} onClose={() => setDialog(null)} />
    </DndContext>
  );
}
