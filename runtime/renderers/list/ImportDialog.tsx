/**
 * Import from the template downloaded here: upload → every row checked with the entity's own
 * rules (nothing written) → a report of valid rows and per-row Chinese errors → import the
 * valid rows in one go, or fix the sheet and upload again.
 */
import { useState } from 'react';
import { App, Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { invokeDownload, invokeUpload } from '../../../api/call';
import { saveFile } from '../../../api/http';

interface Report { total: number; valid: number; imported: number; errors: { row: number; field?: string; message: string }[] }

export default function ImportDialog({ title, api, templateApi, onClose, onImported }: { title: string; api: string; templateApi: string; onClose: () => void; onImported: () => void }) {
  const [file, setFile] = useState<File>();
  const { message } = App.useApp();
  const [report, setReport] = useState<Report>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const check = async (f: File) => {
    setFile(f);
    setReport(undefined);
    setError(undefined);
    setBusy(true);
    try {
      setReport(await invokeUpload<Report>(api, f, { query: { mode: 'check' } }, { silent: [400, 413, 415] }));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const commit = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const result = await invokeUpload<Report>(api, file, { query: { mode: 'commit' } }, { silent: [400] });
      setReport(result);
      void message.success(`已导入 ${result.imported} 条`);
      onImported();
      if (!result.errors.length) onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const done = report && report.imported > 0;
  return (
    <Modal open title={`导入${title}`} onCancel={onClose} width={720} destroyOnHidden
      footer={(
        <Space>
          <Button onClick={onClose}>{done ? '关闭' : '取消'}</Button>
          {report && !done && report.valid > 0 && (
            <Button type="primary" loading={busy} onClick={commit} data-testid="import-commit">
              {report.errors.length ? `仅导入 ${report.valid} 条有效数据` : `导入 ${report.valid} 条`}
            </Button>
          )}
        </Space>
      )}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>请先下载模板，按模板填写后上传（.xlsx，单次最多5000行）。</Typography.Text>
        <Button icon={<DownloadOutlined />} onClick={async () => saveFile(await invokeDownload(templateApi))}>下载导入模板</Button>
        <Upload.Dragger accept=".xlsx" maxCount={1} showUploadList={false} disabled={busy}
          beforeUpload={(f) => { void check(f); return false; }} data-testid="import-upload">
          <p className="ant-upload-drag-icon"><InboxOutlined /></p>
          <p>{file ? file.name : '点击或拖拽文件到此处上传'}</p>
        </Upload.Dragger>
        {error && <Alert type="error" showIcon message={error} data-testid="import-error" />}
        {report && (
          <Alert type={report.errors.length ? 'warning' : 'success'} showIcon data-testid="import-report"
            message={done ? `已导入 ${report.imported} 条，${report.errors.length} 行未导入` : `共 ${report.total} 行：有效 ${report.valid} 行，有错误 ${report.errors.length} 行`} />
        )}
        {report && report.errors.length > 0 && (
          <Table size="small" rowKey={(r) => `${r.row}-${r.field ?? ''}`} pagination={{ pageSize: 8 }} dataSource={report.errors} data-testid="import-errors"
            columns={[{ key: 'row', dataIndex: 'row', title: '行号', width: 70 }, { key: 'message', dataIndex: 'message', title: '错误' }]} />
        )}
      </Space>
    </Modal>
  );
}
