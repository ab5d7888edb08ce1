/**
 * React widgets for the compTypes the runtime renderer lacked (seed 001 §3). Registered into the
 * form renderer's SchemaField by name; the compiled schema (schemas/src/components/compile.ts)
 * names them. Rich text is sanitised with DOMPurify on every render and change.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import DOMPurify from 'dompurify';
import { sanitizeUserHtml } from '../../../../schemas/src/html-policy';
import { thousands } from '../../../../schemas/src/format';
import {
  Alert, App, Button, ColorPicker, Input, message as staticMessage, Modal, Popconfirm, Rate, Slider, Space, Table, Typography, Upload,
} from 'antd';
import type { UploadFile } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { observer, RecursionField, useField, useFieldSchema } from '@formily/react';
import type { ArrayField } from '@formily/core';
import { http } from '../../../../api/http';
import { getToken } from '../../../../api/token';
import { setDynamicOptionLoader } from '../../../../schemas/src/components';
import { isSafeApiPath, MSG, uploadCheck } from '../../../../schemas/src/designer-rules';
import type { FormOption } from '../../../../schemas/src/form-to-formily';
import { Barcode } from './barcode';
import { BUTTON_ICONS } from './icons';
import { applyScan, cleanCode, lookupPath, unknownCode, type ScanConfig, type ScanMatch } from './scan';

export const UPLOAD_URL = '/api/v1/file-base/file/upload';

/** GET on a same-origin API path with the token; options are the envelope's data (data.data of the response). */
export async function loadOptions(action: string): Promise<FormOption[]> {
  if (!isSafeApiPath(action)) throw new Error(MSG.unsafeAction);
  const token = getToken();
  const response = await http.get(action, { headers: token ? { 'access-token': token } : {} });
  const data = response.data?.data;
  return Array.isArray(data) ? data : Array.isArray(data?.list) ? data.list : [];
}
setDynamicOptionLoader(loadOptions);

/** antd's contextual message when an <App> encloses the form, the static one otherwise. */
function useMessage() {
  const ctx = App.useApp();
  return typeof (ctx.message as { error?: unknown } | undefined)?.error === "function" ? ctx.message : staticMessage;
}

export function sanitize(html: unknown): string {
  return typeof html === 'string' ? sanitizeUserHtml(DOMPurify, html) : '';
}

type ValueProps<T> = { value?: T; onChange?: (value: T) => void; disabled?: boolean; readOnly?: boolean };

function FormSlider({ value, onChange, disabled, min, max, step, dots, range, tooltipVisible }: ValueProps<number | number[]> & { min?: number; max?: number; step?: number; dots?: boolean; range?: boolean; tooltipVisible?: boolean }) {
  return range
    ? <Slider range min={min} max={max} step={step} dots={dots} value={value as [number, number]} onChange={(v) => onChange?.(v)} disabled={disabled} tooltip={tooltipVisible === false ? { open: false } : undefined} />
    : <Slider min={min} max={max} step={step} dots={dots} value={value as number} onChange={(v) => onChange?.(v)} disabled={disabled} tooltip={tooltipVisible === false ? { open: false } : undefined} />;
}

function FormRate({ value, onChange, disabled, count, allowHalf, showScore }: ValueProps<number> & { count?: number; allowHalf?: boolean; showScore?: boolean }) {
  return (
    <Space>
      <Rate count={count} allowHalf={allowHalf} value={value} onChange={onChange} disabled={disabled} />
      {showScore && <span>{value ?? 0}</span>}
    </Space>
  );
}

function textLength(html: string): number {
  return html.replace(/<[^>]*>/g, '').replace(/&[a-zA-Z#0-9]+;/g, ' ').length;
}

/** A small rich-text editor: contentEditable with bold/italic/underline/list, value sanitised. */
function FormEditor({ value, onChange, disabled, readOnly, max, validateMaxText, placeholder }: ValueProps<string> & { max?: number; validateMaxText?: boolean; placeholder?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const clean = sanitize(value ?? '');
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== clean) ref.current.innerHTML = clean;
  }, [clean]);
  const count = textLength(clean);
  const over = Boolean(validateMaxText && max && count > max);
  const command = (name: string) => {
    document.execCommand(name);
    ref.current?.focus();
    onChange?.(sanitize(ref.current?.innerHTML ?? ''));
  };
  const editable = !disabled && !readOnly;
  return (
    <div className={`designer-editor${over ? ' is-over' : ''}`} style={{ border: `1px solid ${over ? '#faad14' : '#d9d9d9'}`, borderRadius: 6 }}>
      {editable && (
        <div style={{ borderBottom: '1px solid #f0f0f0', padding: 4 }}>
          <Space size={4}>
            {[['bold', 'B'], ['italic', 'I'], ['underline', 'U'], ['insertUnorderedList', '•']].map(([name, text]) => (
              <Button key={name} size="small" type="text" onMouseDown={(e) => e.preventDefault()} onClick={() => command(name!)}>{text}</Button>
            ))}
          </Space>
        </div>
      )}
      <div
        ref={ref}
        role="textbox"
        aria-multiline
        data-placeholder={placeholder}
        contentEditable={editable}
        suppressContentEditableWarning
        onInput={() => onChange?.(sanitize(ref.current?.innerHTML ?? ''))}
        style={{ minHeight: 100, padding: 8, outline: 'none' }}
      />
      <div style={{ textAlign: 'right', padding: '0 8px 4px', color: over ? '#faad14' : '#999', fontSize: 12 }} data-testid="editor-count">
        {count}/{max}
      </div>
    </div>
  );
}

function FormColorPicker({ value, onChange, disabled, showAlpha, format, predefine }: ValueProps<string> & { showAlpha?: boolean; format?: string; predefine?: string[] }) {
  return (
    <ColorPicker
      value={value || undefined}
      allowClear
      disabledAlpha={!showAlpha}
      format={format === 'rgb' ? 'rgb' : format === 'hsl' || format === 'hsv' ? 'hsb' : 'hex'}
      presets={predefine?.length ? [{ label: '预设颜色', colors: predefine }] : undefined}
      onChange={(color) => onChange?.(format === 'rgb' ? color.toRgbString() : color.toHexString())}
      onClear={() => onChange?.('')}
      disabled={disabled}
      showText
    />
  );
}

interface UploadedFile { name: string; url: string; fileName?: string }

/** Files are served only with the session token: fetch with it and open the blob. */
async function openFile(url: string): Promise<void> {
  if (!url.startsWith('/api/v1/file-base/file/')) return;
  const token = getToken();
  const response = await http.get(url, { responseType: 'blob', headers: token ? { 'access-token': token } : {} });
  const href = URL.createObjectURL(response.data as Blob);
  window.open(href, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Upload to the file service: extension and size checked first, the file count limited. */
function FormUpload(props: ValueProps<UploadedFile[]> & {
  accept?: string[]; fileSize?: number; listType?: 'text' | 'picture-card'; multiple?: boolean; limit?: number; buttonText?: string;
  tips?: string; showFileList?: boolean; data?: { prefixName?: string; fileType?: string }; width?: number;
}) {
  const message = useMessage();
  const files = Array.isArray(props.value) ? props.value : [];
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const limit = props.limit ?? (props.multiple ? 10 : 1);
  const fileList: UploadFile[] = files.map((file) => ({ uid: file.url, name: file.name, url: file.url, status: 'done', thumbUrl: previews[file.url] }));
  const beforeUpload = (file: File) => {
    const problem = uploadCheck(file, { accept: props.accept, fileSize: props.fileSize, count: files.length, limit });
    if (problem === MSG.deleteFirst) void message.warning(problem);
    else if (problem) void message.error(problem);
    return problem ? Upload.LIST_IGNORE : true;
  };
  const customRequest = async ({ file, onSuccess, onError }: { file: unknown; onSuccess?: (body: unknown) => void; onError?: (err: Error) => void }) => {
    const body = new FormData();
    body.append('file', file as File);
    body.append('prefixName', props.data?.prefixName ?? '');
    body.append('fileType', props.data?.fileType ?? '');
    try {
      const token = getToken();
      const response = await http.post(UPLOAD_URL, body, { headers: token ? { 'access-token': token } : {} });
      const data = response.data?.data as { fileName: string; url: string } | undefined;
      if (!data?.url || response.data?.code !== 0) throw new Error(response.data?.msg || MSG.uploadFailed);
      const entry = { name: (file as File).name, url: data.url, fileName: data.fileName };
      if ((file as File).type?.startsWith('image/')) setPreviews((p) => ({ ...p, [data.url]: URL.createObjectURL(file as File) }));
      props.onChange?.([...files, entry]);
      onSuccess?.(data);
    } catch (err) {
      void message.warning(MSG.uploadFailed);
      onError?.(err as Error);
    }
  };
  const disabled = props.disabled || props.readOnly;
  return (
    <div style={{ width: `${props.width ?? 100}%` }}>
      <Upload
        accept={props.accept?.map((ext) => `.${ext}`).join(',')}
        multiple={props.multiple}
        listType={props.listType === 'picture-card' ? 'picture-card' : 'text'}
        fileList={fileList}
        showUploadList={props.showFileList !== false}
        beforeUpload={beforeUpload}
        customRequest={customRequest as never}
        onRemove={(file) => props.onChange?.(files.filter((entry) => entry.url !== file.url))}
        onPreview={(file) => file.url && void openFile(file.url)}
        disabled={disabled}
      >
        {props.listType === 'picture-card'
          ? (files.length < limit ? <div><PlusOutlined /><div>{props.buttonText}</div></div> : null)
          : <Button icon={<UploadOutlined />} disabled={disabled}>{props.buttonText ?? '点击上传'}</Button>}
      </Upload>
      {props.tips && <div style={{ color: '#999', fontSize: 12 }}>{props.tips}</div>}
    </div>
  );
}

interface ColConf { show?: boolean; label: string; property: string; width?: number }

/** Picks rows from the list the action answers; several values are joined with ';'. */
function DialogList(props: ValueProps<string> & {
  title?: string; multi?: boolean; showIndex?: boolean; action?: string; colConf?: ColConf[]; dval?: string; dlabel?: string; height?: number; placeholder?: string;
}) {
  const message = useMessage();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<Record<string, unknown>[]>([]);
  const [loading, setLoading] = useState(false);
  const [picked, setPicked] = useState<React.Key[]>([]);
  const dval = props.dval || 'id';
  const dlabel = props.dlabel || 'name';
  const values = props.value ? String(props.value).split(';').filter(Boolean) : [];
  const show = async () => {
    setOpen(true);
    setPicked(values);
    if (!props.action) return;
    if (!isSafeApiPath(props.action)) {
      void message.error(MSG.unsafeAction);
      return;
    }
    setLoading(true);
    try {
      const token = getToken();
      const response = await http.get(props.action, { headers: token ? { 'access-token': token } : {} });
      const data = response.data?.data ?? response.data;
      setRows(Array.isArray(data?.list) ? data.list : Array.isArray(data) ? data : []);
    } catch {
      setRows([]);
    } finally {
      setLoading(false);
    }
  };
  const labels = values.map((v) => String(rows.find((row) => String(row[dval]) === v)?.[dlabel] ?? v));
  const columns = [
    ...(props.showIndex !== false ? [{ title: '序号', key: '__index', width: 60, render: (_: unknown, __: unknown, i: number) => i + 1 }] : []),
    ...(props.colConf ?? []).filter((c) => c.show !== false).map((c) => ({ title: c.label, dataIndex: c.property, key: c.property, width: c.width ?? 150 })),
  ];
  return (
    <>
      <Input readOnly value={labels.join(';')} placeholder={props.placeholder} onClick={() => !props.disabled && show()} disabled={props.disabled}
        addonAfter={<span style={{ cursor: 'pointer' }} onClick={() => !props.disabled && show()}>选择</span>} />
      <Modal open={open} title={props.title} onCancel={() => setOpen(false)} width={800} destroyOnHidden
        onOk={() => {
          props.onChange?.(picked.map(String).join(';'));
          setOpen(false);
        }}>
        <Table
          size="small" rowKey={(row) => String(row[dval])} loading={loading} dataSource={rows} columns={columns} pagination={false}
          scroll={{ y: (props.height ?? 600) - 200 }}
          rowSelection={{ type: props.multi ? 'checkbox' : 'radio', selectedRowKeys: picked, onChange: (keys) => setPicked(keys) }}
        />
      </Modal>
    </>
  );
}

function FormButton({ text, type, size, disabled, plain, round, circle, icon }: Record<string, any>) {
  const antType = type === 'text' ? 'text' : type === 'primary' || type === 'info' ? 'primary' : 'default';
  const danger = type === 'danger';
  return (
    <Button type={plain ? 'default' : antType} danger={danger} size={size === 'mini' ? 'small' : size === 'small' ? 'middle' : 'large'}
      shape={circle ? 'circle' : round ? 'round' : 'default'} disabled={disabled} data-icon={icon || undefined} icon={icon ? BUTTON_ICONS[icon] : undefined}
      style={type === 'success' && !plain ? { background: '#52c41a', color: '#fff' } : type === 'warning' && !plain ? { background: '#faad14', color: '#fff' } : undefined}>
      {text}
    </Button>
  );
}

function FormAlert({ title, type, description, closable, center, closeText, showIcon, effect }: Record<string, any>) {
  return (
    <Alert message={title} type={type ?? 'info'} description={description || undefined} closable={closable ? (closeText ? { closeIcon: closeText } : true) : false}
      showIcon={showIcon} style={{ textAlign: center ? 'center' : undefined, marginBottom: 16, ...(effect === 'dark' ? { filter: 'saturate(2) brightness(0.9)' } : {}) }} />
  );
}

export function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string' || !href) return undefined;
  return /^(https?:\/\/|\/(?!\/)|#)/i.test(href) || href === '/' ? href : undefined;
}

function FormLink({ text, href, type, underline, disabled, target }: Record<string, any>) {
  const colors: Record<string, string> = { success: '#52c41a', warning: '#faad14', danger: '#ff4d4f', info: '#909399' };
  return (
    <Typography.Link href={disabled ? undefined : safeHref(href)} target={target === '_blank' ? '_blank' : '_self'} rel="noopener noreferrer" disabled={disabled}
      underline={underline !== false} style={{ color: colors[type] }}>
      {text}
    </Typography.Link>
  );
}

function FormHtml({ html }: { html?: string }) {
  const clean = useMemo(() => sanitize(html), [html]);
  return <div className="designer-html" dangerouslySetInnerHTML={{ __html: clean }} />;
}

function FormBarCode({ code, value, format, lineColor, background, width, height, fontSize, displayValue }: Record<string, any>) {
  // the designer's 线宽 1–10 reads as the narrowest bar's width in half pixels
  const unit = Math.max(1, Math.min(10, Number(width) || 5)) / 2.5;
  return (
    <Barcode className="designer-barcode" value={String(code ?? value ?? '')} format={format || 'CODE128'} lineColor={lineColor} background={background}
      width={unit} height={Math.max(10, Math.min(100, Number(height) || 30))} fontSize={Number(fontSize) || 12} displayValue={displayValue !== false} />
  );
}

interface Column { key: string; title: string; required: boolean; numeric: boolean }

/**
 * The scan field of a child-line table (`scan` in its layout): focused when the form opens, it
 * takes what a scanner types (a code, then Enter), finds the record and adds or raises its line;
 * the outcome stays visible beside it (no sound), an unknown code in red.
 */
export function ScanField({ scan, field }: { scan: ScanConfig; field: ArrayField }) {
  const [text, setText] = useState('');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  // Scans are handled one after another, in the order typed: a scanner may send the next code
  // before the previous one has been looked up.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const handle = async (code: string) => {
    try {
      const token = getToken();
      const response = await http.get(lookupPath(scan, code), { headers: token ? { 'access-token': token } : {} });
      const found = (Array.isArray(response.data?.data) ? response.data.data : []) as ScanMatch[];
      if (!found.length) {
        setStatus({ ok: false, text: unknownCode(scan, code) });
        return;
      }
      const rows = (Array.isArray(field.value) ? field.value : []) as Record<string, unknown>[];
      const outcome = applyScan(rows, found[0]!, scan);
      if (outcome.added && outcome.index >= rows.length) await field.push(outcome.rows[outcome.index]);
      else {
        // the line's own fields take the new values (the table's cells are bound to them)
        for (const [k, v] of Object.entries(outcome.rows[outcome.index]!)) field.form.setValuesIn(`${field.path.toString()}.${outcome.index}.${k}`, v);
      }
      setStatus({ ok: true, text: outcome.message });
    } catch {
      setStatus({ ok: false, text: `条码 ${code} 查询失败，请重试` });
    }
  };
  const submit = (raw: string) => {
    const code = cleanCode(raw);
    setText('');
    if (code) queue.current = queue.current.then(() => handle(code));
  };
  return (
    <div className="scan-field" style={{ marginBottom: 8 }}>
      <Input
        data-testid="scan-input" autoFocus allowClear value={text} placeholder={scan.placeholder ?? `扫描${scan.refTitle}条码，或输入条码后按回车`}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={(e) => {
          // Enter ends a scan; it must not submit the form around it
          e.preventDefault();
          submit((e.target as HTMLInputElement).value);
        }}
        style={{ maxWidth: 420 }}
      />
      {status && (
        <Typography.Text data-testid="scan-status" type={status.ok ? 'success' : 'danger'} role="status" style={{ marginLeft: 12 }}>
          {status.text}
        </Typography.Text>
      )}
    </div>
  );
}

/** Rows of a dynamic table: add, delete, batch delete (after confirmation), 序号/操作 columns, selection and summary. */
const DynamicTable = observer((props: {
  columns?: Column[]; buttonAdd?: boolean; buttonDel?: boolean; showIndex?: boolean; multiCheck?: boolean; showSummary?: boolean;
  sumText?: string; summaryText?: string; disabled?: boolean; readOnly?: boolean; scan?: ScanConfig;
}) => {
  const field = useField<ArrayField>();
  const schema = useFieldSchema();
  const [selected, setSelected] = useState<number[]>([]);
  const rows = Array.isArray(field.value) ? field.value : [];
  const editable = !props.disabled && !props.readOnly && field.editable !== false;
  const items = schema.items as typeof schema;
  const columns = [
    ...(props.showIndex !== false ? [{ title: '序号', key: '__index', width: 60, render: (_: unknown, __: unknown, i: number) => i + 1 }] : []),
    ...(props.columns ?? []).map((column) => ({
      title: <span>{column.required && <span style={{ color: '#ff4d4f' }}>* </span>}{column.title}</span>,
      key: column.key,
      // Each cell keeps room for its input; a wide table scrolls rather than squeezing them.
      render: (_: unknown, __: unknown, index: number) => (
        <div style={{ minWidth: column.numeric ? 110 : 140 }}>
          <RecursionField schema={items} name={index} onlyRenderProperties filterProperties={(s) => s.name === column.key} />
        </div>
      ),
    })),
    ...(editable && props.buttonDel !== false ? [{
      title: '操作', key: '__ops', width: 70,
      render: (_: unknown, __: unknown, index: number) => (
        <Button type="link" danger size="small" onClick={() => {
          void field.remove(index);
          setSelected([]);
        }}>删除</Button>
      ),
    }] : []),
  ];
  const batchDelete = async () => {
    for (const index of [...selected].sort((a, b) => b - a)) await field.remove(index);
    setSelected([]);
  };
  // read the row values here so the observer tracks them (the Table calls `summary` in its own render)
  const sums: Record<string, number> = {};
  if (props.showSummary) {
    for (const def of props.columns ?? []) {
      if (def.numeric) sums[def.key] = rows.reduce((total: number, row: Record<string, unknown>) => total + (Number(row?.[def.key]) || 0), 0);
    }
  }
  const summary = props.showSummary ? () => (
    <Table.Summary.Row>
      {columns.map((column, i) => {
        if (i === 0) return <Table.Summary.Cell key={column.key} index={i}>{props.sumText ?? '合计'}</Table.Summary.Cell>;
        const def = props.columns?.find((c) => c.key === column.key);
        if (!def?.numeric) return <Table.Summary.Cell key={column.key} index={i} />;
        const sum = sums[def.key] ?? 0;
        // Seed 000 §5 / 001 §9: thousands separators in the integer part, decimals kept.
        return <Table.Summary.Cell key={column.key} index={i}>{`${thousands(sum)} ${props.summaryText ?? '元'}`}</Table.Summary.Cell>;
      })}
    </Table.Summary.Row>
  ) : undefined;
  return (
    // A wide table scrolls in its own box (antd's scroll.x would add a measuring header row).
    <div className="designer-dynamic-table" style={{ overflowX: 'auto' }}>
      {editable && props.scan && <ScanField scan={props.scan} field={field} />}
      <Table
        size="small" bordered pagination={false} rowKey={(_, index) => String(index)} dataSource={rows.map((_: unknown, index: number) => ({ __i: index }))}
        columns={columns as never} summary={summary}
        rowSelection={props.multiCheck ? { selectedRowKeys: selected.map(String), onChange: (keys) => setSelected(keys.map(Number)) } : undefined}
      />
      {editable && (
        <Space style={{ marginTop: 8 }}>
          {props.buttonAdd !== false && <Button size="small" icon={<PlusOutlined />} onClick={() => field.push({})}>添加</Button>}
          {selected.length > 0 && (
            <Popconfirm title={MSG.batchDeleteConfirm} onConfirm={batchDelete} okText="确定" cancelText="取消">
              <Button size="small" danger icon={<DeleteOutlined />} aria-label="批量删除">批量删除</Button>
            </Popconfirm>
          )}
        </Space>
      )}
    </div>
  );
});

interface Cell { key: string; col: number; row: number; hide: boolean; style: { background?: string; width?: number } }

function LayoutTable({ layout, width, height, tdStyle }: { layout?: Cell[][]; width?: number; height?: number; tdStyle?: Record<string, string> }) {
  const schema = useFieldSchema();
  return (
    <table className="designer-layout-table" style={{ width: `${width ?? 100}%`, borderCollapse: 'collapse', tableLayout: 'fixed', marginBottom: 16 }}>
      <tbody>
        {(layout ?? []).map((row, r) => (
          <tr key={r} style={{ height }}>
            {row.filter((cell) => !cell.hide).map((cell) => (
              <td key={cell.key} colSpan={cell.col} rowSpan={cell.row}
                style={{ border: '1px solid #ebeef5', padding: 5, background: cell.style?.background, width: cell.style?.width !== undefined ? `${cell.style.width}%` : undefined, minWidth: 0, ...tdStyle }}>
                {schema.properties?.[cell.key] && <RecursionField schema={schema.properties[cell.key]!} name={cell.key} />}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const designerWidgets = {
  FormSlider, FormRate, FormEditor, FormColorPicker, FormUpload, DialogList, FormButton, FormAlert, FormLink, FormHtml, FormBarCode,
  DynamicTable, LayoutTable,
};
