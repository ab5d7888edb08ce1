/**
 * The import wizard every import runs (a list's 导入 and any declared `import` action): (choose
 * what to import) → download the template → upload: every row checked with the target's own
 * rules, nothing written → a report of valid rows and per-row Chinese errors → import the valid
 * rows in one go (by the checked upload's id when the action declares a commit call, else the same
 * file uploaded again with `?mode=commit`), or fix the sheet and upload again. A file whose
 * columns the call does not know is answered with a mapping question (its title row and the
 * fields): the person picks the column of each field, and the same file is checked again, and
 * committed, with `mapping` ({ headerRow, columns }) — the call keeps it for next time.
 */
import { useEffect, useMemo, useState } from 'react';
import { App, Alert, Button, Modal, Select, Space, Steps, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { entryPath, invoke, invokeDownload, invokeUpload } from '../../../api/call';
import { saveFile, type QueryValue } from '../../../api/http';
import type { ImportCalls } from '../../router/types';

/** Which column of the file is each field: asked when the call does not know the file's columns. */
interface MappingQuestion { headerRow: number; headers: string[]; fields: { name: string; title: string; required?: boolean }[]; message?: string }

/** What every upload and commit answers (`crud.import`, or an import job with these fields). */
interface Report { total: number; valid: number; imported: number; failed?: number; truncated?: boolean; errors: { row: number; field?: string; message: string }[]; error?: string; mapping?: MappingQuestion; [key: string]: unknown }

/** Asked before the valid rows are imported when the action doesn't say otherwise. */
export const DEFAULT_IMPORT_CONFIRM = '导入有效的行（有错误的行不导入），确定提交？';
/** A choice as its call answers it: the value under the choice's param. */
type Choice = Record<string, unknown> & { title: string; available?: boolean; reason?: string | null };

/** Splits values between the call's path parameters and its query. */
function argsFor(api: string, values: Record<string, unknown>): { params: Record<string, string | number>; query: Record<string, QueryValue> } {
  const path = entryPath(api);
  const params: Record<string, string | number> = {};
  const query: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(values)) {
    if (typeof v !== 'string' && typeof v !== 'number') continue;
    if (path.includes(`{${k}}`)) params[k] = v;
    else query[k] = v;
  }
  return { params, query };
}

export interface ImportDialogProps {
  title: string;
  calls: ImportCalls;
  /** asked before the valid rows are imported (DEFAULT_IMPORT_CONFIRM when not given) */
  confirm?: string;
  onClose: () => void;
  /** after something was written (a committed import, or a checked upload kept to be committed) */
  onImported: () => void;
}

export default function ImportDialog({ title, calls, confirm = DEFAULT_IMPORT_CONFIRM, onClose, onImported }: ImportDialogProps) {
  const { message, modal } = App.useApp();
  const choose = calls.choose;
  const [choices, setChoices] = useState<Choice[]>([]);
  const [value, setValue] = useState<string | number>();
  const [file, setFile] = useState<File>();
  const [report, setReport] = useState<Report>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  /** the question of the last check, and the columns picked for it */
  const [question, setQuestion] = useState<MappingQuestion>();
  const [columns, setColumns] = useState<Record<string, string | undefined>>({});
  const [mapping, setMapping] = useState<string>();

  useEffect(() => {
    if (!choose) return;
    void invoke<Choice[]>(choose.api).then((all) => {
      const offered = choose.values ? choose.values.flatMap((v) => all.filter((c) => String(c[choose.param]) === String(v))) : all;
      setChoices(offered);
      const first = offered.find((c) => c.available !== false) ?? offered[0];
      setValue((current) => current ?? (first?.[choose.param] as string | number | undefined));
    }, (err: Error) => setError(err.message));
  }, [choose]);

  const chosen = choose ? choices.find((c) => String(c[choose.param]) === String(value)) : undefined;
  const ready = !choose || (chosen !== undefined && chosen.available !== false);
  const picked = useMemo<Record<string, unknown>>(() => (choose && value !== undefined ? { [choose.param]: value } : {}), [choose, value]);
  const done = report !== undefined && report.imported > 0;

  const check = async (f: File, chosen?: string) => {
    setFile(f);
    setReport(undefined);
    setError(undefined);
    setMapping(chosen);
    if (!chosen) { setQuestion(undefined); setColumns({}); }
    setBusy(true);
    try {
      const r = await invokeUpload<Report>(calls.upload, f, argsFor(calls.upload, { ...picked, mode: 'check', ...(chosen ? { mapping: chosen } : {}) }), { silent: [400, 403, 413, 415] });
      if (r.mapping) { setQuestion(r.mapping); setColumns({}); setReport(undefined); return; }
      setReport(r);
      // A checked upload kept to be committed later is a record the list shows.
      if (calls.commit) onImported();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const commit = async () => {
    if (!file || !report) return;
    setBusy(true);
    try {
      const result = calls.commit
        ? await invoke<Report>(calls.commit, { params: argsFor(calls.commit, report).params, body: {} }, { silent: [400, 409] })
        // A check the server kept as a job is committed by its id (the rows it checked), once.
        : await invokeUpload<Report>(calls.upload, file, argsFor(calls.upload, { ...picked, mode: 'commit', ...(mapping ? { mapping } : {}), ...(report.jobId !== undefined ? { jobId: report.jobId } : {}) }), { silent: [400, 409] });
      setReport(result);
      void message.success(`已导入 ${result.imported} 条`);
      onImported();
      if (!result.errors.length && !calls.commit) onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const askCommit = () => modal.confirm({ title: confirm, okText: '确定', cancelText: '取消', onOk: commit });
  const failedRows = report ? report.failed ?? report.errors.length : 0;
  const pick = (v: string | number) => {
    setValue(v);
    setFile(undefined);
    setReport(undefined);
    setError(undefined);
    setQuestion(undefined);
    setMapping(undefined);
  };
  const checkMapped = () => {
    if (!file || !question) return;
    void check(file, JSON.stringify({ headerRow: question.headerRow, columns }));
  };

  const steps = [...(choose ? [{ title: `选择${choose.title.replace(/^导入/, '')}` }] : []), { title: '下载模板' }, { title: '上传并预检' }, { title: '确认提交' }, { title: '完成' }];
  const base = choose ? 1 : 0;
  const step = !ready ? 0 : done ? base + 3 : report && !report.error ? base + 2 : file ? base + 1 : base;

  return (
    <Modal open title={title} onCancel={onClose} width={760} destroyOnHidden
      footer={(
        <Space>
          <Button onClick={onClose}>{done ? '关闭' : '取消'}</Button>
          {report && !done && report.valid > 0 && (
            <Button type="primary" loading={busy} onClick={askCommit} data-testid="import-commit">
              {report.errors.length ? `仅导入 ${report.valid} 条有效数据` : `导入 ${report.valid} 条`}
            </Button>
          )}
        </Space>
      )}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Steps size="small" current={step} items={steps} style={{ marginBottom: 8 }} />
        {choose && (
          <Space wrap>
            <Typography.Text>{choose.title}</Typography.Text>
            <Select style={{ width: 220 }} value={value} onChange={pick} aria-label={choose.title} data-testid="import-choice"
              options={choices.map((c) => ({ value: c[choose.param] as string | number, label: c.title, disabled: c.available === false, reason: c.available === false ? c.reason ?? '不可导入' : undefined }))}
              // A disabled choice says why, in the list itself and on hover.
              optionRender={(o) => (o.data.reason
                ? <span title={o.data.reason} data-testid="import-choice-reason">{o.data.label}<Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>{o.data.reason}</Typography.Text></span>
                : o.data.label)} />
          </Space>
        )}
        {chosen && chosen.available === false && <Alert type="info" showIcon message={`${chosen.title}：${chosen.reason ?? '不可导入'}`} data-testid="import-unavailable" />}
        <Typography.Text>请先下载模板，按模板填写后上传（.xlsx，单次最多5000行）。</Typography.Text>
        <Button icon={<DownloadOutlined />} disabled={!ready}
          onClick={async () => saveFile(await invokeDownload(calls.template, argsFor(calls.template, picked)))}>下载导入模板</Button>
        {ready && (
          <Upload.Dragger accept=".xlsx" maxCount={1} showUploadList={false} disabled={busy}
            beforeUpload={(f) => { void check(f); return false; }} data-testid="import-upload">
            <p className="ant-upload-drag-icon"><InboxOutlined /></p>
            <p>{file ? file.name : '点击或拖拽按模板填写的 .xlsx 文件到此处上传'}</p>
          </Upload.Dragger>
        )}
        {question && file && (
          <Space direction="vertical" style={{ width: '100%' }} data-testid="import-mapping">
            <Alert type="info" showIcon message={question.message ?? `请为文件第${question.headerRow}行的各列选择对应字段`} />
            <Table size="small" pagination={false} rowKey="name" dataSource={question.fields}
              columns={[
                { key: 'title', dataIndex: 'title', title: '字段', width: 160, render: (t: string, f) => (f.required ? <span>{t}<Typography.Text type="danger"> *</Typography.Text></span> : t) },
                { key: 'column', title: `文件中的列（第${question.headerRow}行）`, render: (_: unknown, f) => (
                  <Select allowClear style={{ width: 260 }} placeholder="不导入" value={columns[f.name]} aria-label={f.title} data-testid={`import-map-${f.name}`}
                    onChange={(v?: string) => setColumns((c) => ({ ...c, [f.name]: v }))}
                    options={question.headers.map((h) => ({ value: h, label: h }))} />
                ) },
              ]} />
            <Button type="primary" loading={busy} onClick={checkMapped} data-testid="import-map-check">按此列映射预检</Button>
          </Space>
        )}
        {error && <Alert type="error" showIcon message={error} data-testid="import-error" />}
        {report?.error && <Alert type="error" showIcon message="导入失败" description={report.error} data-testid="import-error" />}
        {report && !report.error && (
          <Alert type={report.errors.length ? 'warning' : 'success'} showIcon data-testid="import-report"
            message={done ? `已导入 ${report.imported} 条，${failedRows} 行未导入` : `共 ${report.total} 行：有效 ${report.valid} 行，有错误 ${failedRows} 行`}
            description={done ? undefined : report.valid === 0 && failedRows ? '没有可导入的行，请按错误修改文件后重新上传。' : failedRows ? '有错误的行不会导入，可修改文件后重新上传。' : undefined} />
        )}
        {report && report.errors.length > 0 && (
          <Table size="small" rowKey={(r) => `${r.row}-${r.field ?? ''}-${r.message}`} pagination={{ pageSize: 8 }} dataSource={report.errors} data-testid="import-errors"
            columns={[{ key: 'row', dataIndex: 'row', title: '行号', width: 70 }, { key: 'message', dataIndex: 'message', title: '错误' }]} />
        )}
        {report?.truncated && <Typography.Text type="secondary">仅列出前 {report.errors.length} 行的错误，共 {failedRows} 行有错误。</Typography.Text>}
      </Space>
    </Modal>
  );
}
