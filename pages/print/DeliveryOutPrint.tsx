/**
 * /delivery-out-print/:id (出库 › 打印): the 出库单 on A4 with its number as a barcode (JsBarcode),
 * header, lines and signature boxes, printed by the browser; on paper only the sheet shows.
 * 导出Excel downloads the same delivery as the seed's workbook (GET {deliveryId}/export-excel).
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Space, Spin } from 'antd';
import { DownloadOutlined, PrinterOutlined, RollbackOutlined } from '@ant-design/icons';
import { invoke, invokeDownload } from '../../api/call';
import { saveFile } from '../../api/http';
import { Barcode } from '../../runtime/renderers/form/widgets/barcode';
import type { ScreenProps } from '../../runtime/screens/types';
import { a4SheetCss } from './a4-sheet';

type Row = Record<string, any>;

const PRINT_CSS = a4SheetCss('delivery-sheet');

const TYPES: Record<number, string> = { 1: '工单出库', 2: '补发出库', 3: '转运出库', 4: '其他出库' };
const at = (v: unknown) => (v ? new Date(String(v)).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }).slice(0, 16) : '');

export default function DeliveryOutPrint({ params }: ScreenProps) {
  const navigate = useNavigate();
  const [d, setD] = useState<Row>();
  const [parts, setParts] = useState<Map<number, Row>>(new Map());
  const [error, setError] = useState<string>();
  const id = Number(params?.id);

  useEffect(() => {
    invoke<Row>('delivery.get', { params: { deliveryId: id } }, { silent: true }).then((r) => {
      setD(r);
      document.title = `出库单 ${r.deliveryNo}`;
    }, (err: Error) => setError(err.message || '加载失败'));
    // the 零件 column names the part (number, name, spec), not only its number
    invoke<{ list: Row[] }>('delivery.printLines', { params: { deliveryId: id } }, { silent: true }).then(
      (r) => setParts(new Map(r.list.map((p) => [Number(p.deliveryItemId), p]))), () => undefined);
  }, [id]);
  const partText = (l: Row) => {
    const p = parts.get(Number(l.deliveryItemId));
    return p ? [p.partNo, p.name, p.spec].filter(Boolean).join(' ') : ref('partItemId', l.partItemId) || String(l.partItemId ?? '');
  };

  // refs are keyed by the referenced entity (warehouseId → warehouse, deliveryAddressId → deliveryAddress)
  const ref = (name: string, v: unknown) => (v === null || v === undefined ? '' : (d?.refs?.[name.replace(/Id$/, '')]?.[String(v)] ?? d?.refs?.[name]?.[String(v)] ?? ''));
  const lines = (d?.items ?? []) as Row[];
  return (
    <div className="print-desk" style={{ background: '#e9ebee', minHeight: '100vh', padding: '16px 0 40px' }}>
      <style>{PRINT_CSS}</style>
      <div className="print-toolbar" style={{ width: '186mm', margin: '0 auto 12px', display: 'flex', justifyContent: 'space-between' }}>
        <Button icon={<RollbackOutlined />} onClick={() => navigate(-1)}>返回</Button>
        <Space>
          <Button icon={<DownloadOutlined />} disabled={!d} onClick={async () => saveFile(await invokeDownload('delivery.exportExcel', { params: { deliveryId: id } }))}>导出Excel</Button>
          <Button type="primary" icon={<PrinterOutlined />} disabled={!d} onClick={() => window.print()}>打印</Button>
        </Space>
      </div>
      {error && <div style={{ width: '186mm', margin: '0 auto' }}><Alert type="error" showIcon message={error} /></div>}
      {!d && !error && <Spin style={{ display: 'block', margin: '80px auto' }} />}
      {d && (
        <div className="delivery-sheet" data-testid="delivery-sheet">
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <h1>出库单{Number(d.status) === 5 ? '（已作废）' : ''}</h1>
            <Barcode value={String(d.deliveryNo)} height={40} width={1.4} fontSize={12} margin={2} />
          </div>
          <table>
            <tbody>
              <tr><th>仓库</th><td>{ref('warehouseId', d.warehouseId)}</td><th>客户</th><td>{ref('customerId', d.customerId)}</td></tr>
              <tr><th>工单</th><td>{ref('workOrderId', d.workOrderId)}</td><th>出库类型</th><td>{TYPES[Number(d.deliveryType)] ?? ''}</td></tr>
              <tr><th>出库时间</th><td>{at(d.outAt)}</td><th>收货地址</th><td>{ref('deliveryAddressId', d.deliveryAddressId) || ref('workshopId', d.workshopId)}</td></tr>
              <tr><th>收货人</th><td>{[d.receiverName, d.receiverPhone].filter(Boolean).join(' ')}</td><th>车牌号 / 司机</th><td>{[d.truckLicensePlate, d.driverName, d.driverPhone].filter(Boolean).join(' ')}</td></tr>
            </tbody>
          </table>
          <table>
            <thead><tr><th>序号</th><th>零件</th><th className="n">件数</th><th className="n">重量(kg)</th><th>库位</th></tr></thead>
            <tbody>
              {lines.map((l, i) => (
                <tr key={l.deliveryItemId ?? i}><td>{i + 1}</td><td>{partText(l)}</td><td className="n">{l.qty}</td><td className="n">{l.weight ?? ''}</td><td>{l.locationCode ?? ''}</td></tr>
              ))}
              <tr><th colSpan={2}>合计</th><th className="n">{d.totalPieces}</th><th className="n">{d.totalWeight}</th><th /></tr>
            </tbody>
          </table>
          <table className="sign"><tbody><tr><th>仓管员</th><td /><th>司机</th><td /><th>收货人签收</th><td /></tr></tbody></table>
        </div>
      )}
    </div>
  );
}
