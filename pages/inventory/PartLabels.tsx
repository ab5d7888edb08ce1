/**
 * /inventory/part-labels (零件列表 › 打印条码): an A4 sheet of part labels — 3 × 8 per page, each
 * with the part's barcode (JsBarcode), 零件号, name, spec and customer — printed by the browser.
 * `?partItemId=` prints one part (`copies` labels, a sheet by default); `?customerId=` every part
 * of that customer, one label each. On paper only the labels show.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, InputNumber, Space, Spin, Typography } from 'antd';
import { PrinterOutlined, RollbackOutlined } from '@ant-design/icons';
import { invoke } from '../../api/call';
import { Barcode } from '../../runtime/renderers/form/widgets/barcode';
import type { ScreenProps } from '../../runtime/screens/types';

interface Part { partItemId: number; partNo: string; name: string; spec?: string | null; barcode?: string | null; customerId: number }
interface PageResult { list: Part[]; refs?: Record<string, Record<string, string>> }

const PER_SHEET = 24;

const PRINT_CSS = `
@page { size: A4 portrait; margin: 8mm 6mm; }
@media print {
  body { background: #fff !important; }
  .print-toolbar { display: none !important; }
  .print-desk { background: #fff !important; padding: 0 !important; }
  .label-sheet { box-shadow: none !important; margin: 0 !important; }
  .label-sheet + .label-sheet { page-break-before: always; }
}
.label-sheet { width: 198mm; margin: 0 auto 12px; background: #fff; box-shadow: 0 2px 12px rgba(0,0,0,.15);
  display: grid; grid-template-columns: repeat(3, 66mm); grid-auto-rows: 35mm; }
.part-label { box-sizing: border-box; border: 1px dashed #bbb; padding: 2mm 3mm; overflow: hidden; font-size: 10px; line-height: 1.35; color: #111; }
.part-label svg { display: block; max-width: 100%; height: 14mm; }
`;

export default function PartLabels({ params }: ScreenProps) {
  const navigate = useNavigate();
  const [parts, setParts] = useState<Part[]>();
  const [customers, setCustomers] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const single = params?.partItemId;
  const [copies, setCopies] = useState<number>(Number(params?.copies) || PER_SHEET);

  useEffect(() => {
    // the part list's own calls: their permission and organisation decide what may be printed
    const load: Promise<PageResult> = single
      ? invoke<Part & { refs?: PageResult['refs'] }>('partItem.get', { params: { partItemId: Number(single) } }, { silent: true }).then((p) => ({ list: [p], refs: p.refs }))
      : invoke<PageResult>('partItem.page', { query: { pageSize: 200, ...(params?.customerId ? { customerId: params.customerId } : {}) } }, { silent: true });
    load.then((r) => {
      setParts(r.list);
      setCustomers(r.refs?.customer ?? {});
      document.title = '零件条码标签';
    }, (err: Error) => setError(err.message || '加载失败'));
  }, [single, params?.customerId]);

  const labels = parts ? (single ? Array.from({ length: Math.max(0, copies) }, () => parts[0]).filter(Boolean) as Part[] : parts) : [];
  const sheets: Part[][] = [];
  for (let i = 0; i < labels.length; i += PER_SHEET) sheets.push(labels.slice(i, i + PER_SHEET));

  return (
    <div className="print-desk" style={{ background: '#e9ebee', minHeight: '100vh', padding: '16px 0 40px' }}>
      <style>{PRINT_CSS}</style>
      <div className="print-toolbar" style={{ width: '198mm', margin: '0 auto 12px', display: 'flex', justifyContent: 'space-between' }}>
        <Button icon={<RollbackOutlined />} onClick={() => navigate(-1)}>返回</Button>
        <Space>
          {single && <span>份数 <InputNumber min={1} max={480} value={copies} onChange={(v) => setCopies(Number(v) || 1)} /></span>}
          <Typography.Text type="secondary">共 {labels.length} 张，{sheets.length} 页 A4</Typography.Text>
          <Button type="primary" icon={<PrinterOutlined />} disabled={!labels.length} onClick={() => window.print()}>打印</Button>
        </Space>
      </div>
      {error && <div style={{ width: '198mm', margin: '0 auto' }}><Alert type="error" showIcon message={error} /></div>}
      {!parts && !error && <Spin style={{ display: 'block', margin: '80px auto' }} />}
      {parts && !labels.length && <div style={{ width: '198mm', margin: '0 auto' }}><Alert type="info" showIcon message="没有可打印的零件" /></div>}
      {sheets.map((sheet, s) => (
        <div className="label-sheet" data-testid="label-sheet" key={s}>
          {sheet.map((p, i) => (
            <div className="part-label" key={`${s}-${i}`}>
              <Barcode value={p.barcode || p.partNo} height={40} width={1.4} fontSize={12} margin={2} />
              <div><b>{p.partNo}</b> {p.name}</div>
              <div>{p.spec ?? ''}{p.spec ? ' · ' : ''}{customers[String(p.customerId)] ?? ''}</div>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
