/**
 * 数据导入, 初始化合同项目, 初始化项目财务 (/user/system/…): the import wizard — 选择类型 → 下载模板
 * → 上传 (every row checked, nothing written) → 预览 (valid rows and per-row errors) → 提交 — over
 * the import jobs of the page's types, listed below it. A wizard is a sequence of steps, not a
 * list or a form, so it is a screen; the job list is the generic list.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Select, Space, Steps, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { invoke, invokeDownload, invokeUpload } from '../../api/call';
import { ApiError, saveFile } from '../../api/http';
import type { ScreenProps } from '../../runtime/screens/types';
import { ListView } from '../../runtime/renderers/list/ListView';
import type { ListDef } from '../../runtime/router/types';

interface ImportType { importType: number; title: string; available: boolean; reason: string | null }
interface Job { jobId: number; importType: number; fileName: string; status: number; totalRows: number; successRows: number; failedRows: number; errors: { row: number; message: string }[] }

const JOBS: Omit<ListDef, 'fixed'> = {
  api: { page: 'dataImport.page', get: 'dataImport.get' },
  query: ['status', 'createdAt'],
  columns: [
    { field: 'createdAt', title: '上传时间', width: 170 }, { field: 'importType', width: 110 }, { field: 'fileName', width: 200 },
    { field: 'totalRows', width: 80 }, { field: 'successRows', width: 90 }, { field: 'failedRows', width: 90 }, { field: 'status', width: 90 },
    { field: 'errors', width: 130 }, { field: 'operatorStaffId', width: 100 }, { field: 'committedAt', width: 170 },
  ],
  rowActions: [{ type: 'call', title: '提交导入', api: 'dataImport.commit', when: { status: 5 }, confirm: '导入有效的行（有错误的行不导入），确定提交？' }],
};

export default function DataImport({ page }: ScreenProps) {
  const { message } = App.useApp();
  const wanted = useMemo(() => ((page.props?.importTypes as number[] | undefined) ?? []), [page.props]);
  const [types, setTypes] = useState<ImportType[]>([]);
  const [type, setType] = useState<number>();
  const [job, setJob] = useState<Job>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [tick, setTick] = useState(0);

  useEffect(() => {
    void invoke<ImportType[]>('dataImport.types').then((all) => {
      const mine = all.filter((t) => wanted.includes(t.importType));
      setTypes(mine);
      setType((current) => current ?? mine.find((t) => t.available)?.importType ?? mine[0]?.importType);
    });
  }, [wanted]);

  const chosen = types.find((t) => t.importType === type);
  const list = useMemo<ListDef>(() => ({ ...JOBS, fixed: { importType: wanted } }), [wanted]);
  const step = !job ? (type ? 1 : 0) : job.status === 5 ? 3 : 4;

  const upload = async (file: File) => {
    if (!type) return;
    setBusy(true);
    setError(undefined);
    setJob(undefined);
    try {
      setJob(await invokeUpload<Job>('dataImport.upload', file, { query: { importType: type } }, { silent: [400, 403, 413, 415] }));
      setTick((t) => t + 1);
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  const commit = async () => {
    if (!job) return;
    setBusy(true);
    try {
      const done = await invoke<Job>('dataImport.commit', { params: { jobId: job.jobId }, body: {} });
      setJob(done);
      void message.success(`已导入 ${done.successRows} 条`);
      setTick((t) => t + 1);
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Card title={page.meta.title}>
        <Steps size="small" current={step} style={{ marginBottom: 16 }}
          items={[{ title: '选择类型' }, { title: '下载模板' }, { title: '上传并预检' }, { title: '确认提交' }, { title: '完成' }]} />
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Typography.Text>导入类型</Typography.Text>
            <Select style={{ width: 200 }} value={type} onChange={(v) => { setType(v); setJob(undefined); setError(undefined); }} aria-label="导入类型"
              options={types.map((t) => ({ value: t.importType, label: t.title, disabled: !t.available }))} />
            <Button icon={<DownloadOutlined />} disabled={!chosen?.available}
              onClick={async () => saveFile(await invokeDownload('dataImport.template', { params: { importType: type! } }))}>下载导入模板</Button>
          </Space>
          {chosen && !chosen.available && <Alert type="info" showIcon message={`${chosen.title}：${chosen.reason ?? '不可导入'}`} />}
          {chosen?.available && (
            <div data-testid="data-import-upload">
              <Upload.Dragger accept=".xlsx" maxCount={1} showUploadList={false} disabled={busy}
                beforeUpload={(f) => { void upload(f); return false; }}>
                <p className="ant-upload-drag-icon"><InboxOutlined /></p>
                <p>点击或拖拽按模板填写的 .xlsx 文件到此处（单次最多5000行）</p>
              </Upload.Dragger>
            </div>
          )}
          {error && <Alert type="error" showIcon message={error} data-testid="data-import-error" />}
          {job && (
            <Card size="small" data-testid="data-import-job">
              <Descriptions size="small" column={4} items={[
                { key: 'f', label: '文件', children: job.fileName },
                { key: 't', label: '数据行', children: job.totalRows },
                { key: 's', label: job.status === 10 ? '已导入' : '有效', children: job.successRows },
                { key: 'e', label: '有错误', children: job.failedRows },
              ]} />
              {job.status === 15 && <Alert type="error" showIcon message="导入失败" description={job.errors[0]?.message} />}
              {job.status === 5 && (
                <Space style={{ margin: '8px 0' }}>
                  <Button type="primary" loading={busy} disabled={!job.successRows} onClick={commit} data-testid="data-import-commit">
                    {job.failedRows ? `仅导入 ${job.successRows} 条有效数据` : `导入 ${job.successRows} 条`}
                  </Button>
                  <Typography.Text type="secondary">有错误的行不会导入，可修改文件后重新上传。</Typography.Text>
                </Space>
              )}
              {job.status === 10 && <Alert type="success" showIcon message={`已导入 ${job.successRows} 条${job.failedRows ? `，${job.failedRows} 行未导入` : ''}`} />}
              {job.errors.length > 0 && job.status !== 15 && (
                <Table size="small" rowKey={(r) => `${r.row}-${r.message}`} pagination={{ pageSize: 8 }} dataSource={job.errors} data-testid="data-import-errors"
                  columns={[{ key: 'row', dataIndex: 'row', title: '行号', width: 70 }, { key: 'message', dataIndex: 'message', title: '错误' }]} />
              )}
            </Card>
          )}
        </Space>
      </Card>
      <ListView key={tick} list={list} title="导入记录" fixed={list.fixed} />
    </Space>
  );
}
