/** The canvas: the form's items as light mock-ups, selectable, copyable, deletable and draggable. */
import { memo, useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { Button, Empty, Tooltip } from 'antd';
import { CopyOutlined, DeleteOutlined, DragOutlined } from '@ant-design/icons';
import type { DesignerItem } from '../schemas/src/form-to-formily';
import { layoutOf, MSG, tableRows, type Container } from '../schemas/src/designer-rules';
import { componentOf } from '../schemas/src/components/registry';
import type { DesignerStore } from './store';
import { containerKey, type DropData } from './dnd';
import { Barcode } from '../runtime/renderers/form/widgets/barcode';

interface Ctx {
  store: DesignerStore;
  onError: (msg: string) => void;
  highlightDynamic: boolean;
}

function DropZone({ container, index, children, style, className, testId }: { container: Container; index: number; children?: ReactNode; style?: CSSProperties; className?: string; testId?: string }) {
  const data: DropData = { container, index };
  const { setNodeRef, isOver } = useDroppable({ id: `end:${containerKey(container)}`, data });
  return (
    <div ref={setNodeRef} className={`${className ?? ''}${isOver ? ' is-over' : ''}`} style={style} data-testid={testId} data-container={containerKey(container)}>
      {children}
    </div>
  );
}

const Mock = ({ item }: { item: DesignerItem }) => {
  const t = item.compType;
  const box = (text: string, extra?: CSSProperties) => <div className="mock-input" style={extra}>{text}</div>;
  switch (t) {
    case 'textarea': return box(String(item.placeholder ?? ''), { height: 54 });
    case 'editor': return box(String(item.placeholder ?? ''), { height: 80 });
    case 'radio':
    case 'checkbox':
      return <div className="mock-options">{(item.options ?? []).map((o) => <span key={String(o.value)}>{t === 'radio' ? '○' : '☐'} {o.label}</span>)}</div>;
    case 'Switch': return <div className="mock-switch" />;
    case 'slider': return <div className="mock-slider"><span /></div>;
    case 'rate': return <div className="mock-rate">{'★'.repeat(Number(item.max) || 5)}</div>;
    case 'colorPicker': return <div className="mock-color" style={{ background: String(item.value || '#409EFF') }} />;
    case 'upload': return <Button size="small">{String(item.buttonText ?? '点击上传')}</Button>;
    case 'button': return <Button size="small" type="primary">{String(item.text ?? '按钮')}</Button>;
    case 'divider': return <div className="mock-divider"><span>{String(item.text ?? '')}</span></div>;
    case 'alert': return <div className="mock-alert">{String(item.title ?? '')}</div>;
    case 'link': return <a className="mock-link">{String(item.text ?? '')}</a>;
    case 'text': return <div style={{ fontSize: Number(item.size) || 14, fontWeight: Number(item.bold) || 400, color: String(item.color ?? ''), textAlign: (item.align as 'left') ?? 'left' }}>{String(item.text ?? '')}</div>;
    case 'html': return <div className="mock-html">HTML</div>;
    case 'barCode': return <Barcode className="mock-barcode" value={String(item.value ?? '')} format={String(item.format ?? 'CODE128')} height={Number(item.height) || 30} fontSize={Number(item.fontSize) || 12} />;
    case 'dialogList': return box(String(item.placeholder ?? ''));
    default: return box(String(item.placeholder ?? ''));
  }
};

function ItemShell({ item, active, ctx, container, index, children }: { item: DesignerItem; active: boolean; ctx: Ctx; container: Container; index: number; children: ReactNode }) {
  const drop: DropData = { container, index };
  const { setNodeRef: dropRef, isOver } = useDroppable({ id: `before:${item.id}`, data: drop });
  const { setNodeRef: dragRef, listeners, attributes, isDragging } = useDraggable({ id: `item:${item.id}`, data: { kind: 'item', id: item.id } });
  const highlight = ctx.highlightDynamic && componentOf(item.compType)?.inDynamicTable;
  const span = item.compType === 'row' || item.compType === 'table' || item.compType === 'dynamicTable' ? 24 : (item.span ?? 24);
  const own = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!active) return undefined;
    // after the frame is painted, so selecting never forces a layout of the whole canvas inside the commit
    const frame = requestAnimationFrame(() => own.current?.scrollIntoView?.({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [active]);
  return (
    <div
      ref={(node) => {
        own.current = node;
        dropRef(node);
        dragRef(node);
      }}
      {...listeners}
      {...attributes}
      role="button"
      tabIndex={-1}
      className={`canvas-item${active ? ' is-active' : ''}${isOver ? ' is-over' : ''}${highlight ? ' is-highlight' : ''}`}
      style={{ width: `${(span / 24) * 100}%`, opacity: isDragging ? 0.4 : 1 }}
      data-testid={`item-${item.id}`}
      data-comp={item.compType}
      onClick={(e) => {
        e.stopPropagation();
        ctx.store.select(item.id);
      }}
    >
      {children}
      {active && (
        <div className="canvas-item-actions" onPointerDown={(e) => e.stopPropagation()}>
          <DragOutlined className="drag-handle" />
          <Tooltip title="复制"><Button size="small" shape="circle" icon={<CopyOutlined />} aria-label="复制" data-testid="copy-item"
            onClick={(e) => {
              e.stopPropagation();
              const error = ctx.store.copy(item.id);
              if (error) ctx.onError(error);
            }} /></Tooltip>
          <Tooltip title="删除"><Button size="small" shape="circle" danger icon={<DeleteOutlined />} aria-label="删除" data-testid="delete-item"
            onClick={(e) => {
              e.stopPropagation();
              ctx.store.remove(item.id);
            }} /></Tooltip>
        </div>
      )}
    </div>
  );
}

function Label({ item }: { item: DesignerItem }) {
  if (item.showLabel === false) return null;
  return (
    <div className="canvas-label" style={{ width: item.labelWidth ?? 80 }}>
      {item.required && <span className="required">*</span>}
      {item.label}
    </div>
  );
}

interface ItemProps {
  item: DesignerItem;
  activeId?: string;
  ctx: Ctx;
  container: Container;
  index: number;
}

const CanvasItem = memo(function CanvasItem({ item, activeId, ctx, container, index }: ItemProps) {
  let layout: string;
  try {
    layout = layoutOf(item);
  } catch (err) {
    return <div className="canvas-item is-error" data-testid={`item-${item.id}`}>{(err as Error).message}</div>;
  }
  const active = activeId === item.id;
  let body: ReactNode;
  if (item.compType === 'row') {
    body = (
      <div className="canvas-row">
        {(item.columns ?? []).map((column, col) => (
          <DropZone key={col} container={{ kind: 'col', rowId: item.id, col }} index={column.list?.length ?? 0} className="canvas-col" style={{ width: `${((column.span ?? 12) / 24) * 100}%` }} testId={`col-${item.id}-${col}`}>
            <ItemList list={column.list ?? []} activeId={activeId} ctx={ctx} container={{ kind: 'col', rowId: item.id, col }} />
          </DropZone>
        ))}
      </div>
    );
  } else if (item.compType === 'dynamicTable') {
    const columns = (item.columns ?? []) as unknown as DesignerItem[];
    body = (
      <div className="canvas-field">
        <Label item={item} />
        <DropZone container={{ kind: 'dynamic', tableId: item.id }} index={columns.length} className="canvas-dynamic" testId={`dyn-${item.id}`}>
          <ItemList list={columns} activeId={activeId} ctx={ctx} container={{ kind: 'dynamic', tableId: item.id }} horizontal />
          {columns.length === 0 && <span className="hint">拖入表格列组件</span>}
        </DropZone>
      </div>
    );
  } else if (item.compType === 'table') {
    body = (
      <table className="canvas-table" style={{ width: `${Number(item.width) || 100}%` }}>
        <tbody>
          {tableRows(item).map((row, r) => (
            <tr key={r} style={{ height: Number(item.height) || 40 }}>
              {row.map((cell, c) => cell.hide ? null : (
                <td key={c} colSpan={cell.col} rowSpan={cell.row}
                  className={activeId === cell.id ? 'is-active' : ''}
                  style={{ background: cell.style?.background, width: cell.style?.width !== undefined ? `${cell.style.width}%` : undefined }}
                  onClick={(e) => {
                    e.stopPropagation();
                    ctx.store.select(cell.id);
                  }}
                  data-testid={`cell-${item.id}-${r}-${c}`}>
                  <DropZone container={{ kind: 'cell', tableId: item.id, r, c }} index={cell.columns?.length ?? 0} className="canvas-cell">
                    <ItemList list={cell.columns ?? []} activeId={activeId} ctx={ctx} container={{ kind: 'cell', tableId: item.id, r, c }} />
                  </DropZone>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  } else {
    body = (
      <div className={`canvas-field${layout === 'dynamicItem' ? ' is-column' : ''}`}>
        {layout !== 'dynamicItem' && <Label item={item} />}
        {layout === 'dynamicItem' && <div className="canvas-column-title">{item.required && <span className="required">*</span>}{item.label}</div>}
        <div className="canvas-control"><Mock item={item} /></div>
      </div>
    );
  }
  return <ItemShell item={item} active={active} ctx={ctx} container={container} index={index}>{body}</ItemShell>;
}, (a, b) => {
  if (a.item !== b.item || a.ctx !== b.ctx || a.index !== b.index || a.container !== b.container && JSON.stringify(a.container) !== JSON.stringify(b.container)) return false;
  const container = a.item.compType === 'row' || a.item.compType === 'table' || a.item.compType === 'dynamicTable';
  // leaves re-render only when their own active flag flips; containers whenever the selection moves
  if (container) return a.activeId === b.activeId;
  return (a.activeId === a.item.id) === (b.activeId === b.item.id);
});

function ItemList({ list, activeId, ctx, container, horizontal }: { list: DesignerItem[]; activeId?: string; ctx: Ctx; container: Container; horizontal?: boolean }) {
  return (
    <div className={`canvas-list${horizontal ? ' is-horizontal' : ''}`}>
      {list.map((item, index) => (
        <CanvasItem key={item.id} item={item} activeId={activeId} ctx={ctx} container={container} index={index} />
      ))}
    </div>
  );
}

const ROOT: Container = { kind: 'root' };

export function Canvas({ list, activeId, ctx }: { list: DesignerItem[]; activeId?: string; ctx: Ctx }) {
  return (
    <DropZone container={ROOT} index={list.length} className="canvas-root" testId="canvas">
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.emptyCanvas} className="canvas-empty" />
      ) : (
        <ItemList list={list} activeId={activeId} ctx={ctx} container={ROOT} />
      )}
    </DropZone>
  );
}

export type CanvasCtx = Ctx;
