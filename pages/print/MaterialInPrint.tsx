/**
 * /material-in-print/:id (物料入库 › 打印): the 物料入库单 on A4 with its number as a barcode
 * (JsBarcode), supplier, lines with price and amount, and signature boxes, printed by the browser;
 * on paper only the sheet shows.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Space, Spin } from 'antd';
import { PrinterOutlined, RollbackOutlined } from '@ant-design/icons';
import { invoke } from '../../api/call';
import { Barcode } from '../../runtime/renderers/form/widgets/barcode';
import type { ScreenProps } from '../../runtime/screens/types';
import { a4SheetCss } from './a4-sheet';

type Row = Record<string, any>;

const PRINT_CSS = a4SheetCss('material-sheet');

const money = (v: unknown) => (v === null || v === undefined || v === '' ? '' : Number(v).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

export default function MaterialInPrint({ params }: ScreenProps) {
  const navigate = useNavigate();
  const [d, setD] = useState<Row>();
  const [error, setError] = useState<string>();
  const id = Number(params?.id);

  useEffect(() => {
    invoke<Row>('materialIn.get', { params: { materialInId: id } }, { silent: true }).then((r) => {
      setD(r);
      document.title = `物料入库单 ${r.materialInNo}`;
    }, (err: Error) => setError(err.message || '加载失败'));
  }, [id]);

  // refs are keyed by the referenced entity
  const ref = (entity: string, v: unknown) => (v === null || v === undefined ? '' : (d?.refs?.[entity]?.[String(v)] ?? ''));
  const lines = (d?.items ?? []) as Row[];
  return (
    <div className="print-desk" style={{ background: '#e9ebee', minHeight: '100vh', padding: '16px 0 40px' }}>
      <style>{PRINT_CSS}</style>
      <div className="print-toolbar" style={{ width: '186mm', margin: '0 auto 12px', display: 'flex', justifyContent: 'space-between' }}>
        <Button icon={<RollbackOutlined />} onClick={() => navigate(-1)}>返回</Button>
        <Space>
          <Button type="primary" icon={<PrinterOutlined />} disabled={!d} onClick={() => window.print()}>打印</Button>
        </Space>
      </div>
      {error && <div style={{ width: '186mm', margin: '0 auto' }}><Alert type="error" showIcon message={error} /></div>}
      {!d && !error && <Spin style={{ display: 'block', margin: '80px auto' }} />}
      {d && (
        <div className="material-sheet" data-testid="material-in-sheet">
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <h1>物料入库单{Number(d.status) === 15 ? '（已作废）' : ''}</h1>
            <Barcode value={String(d.materialInNo)} height={40} width={1.4} fontSize={12} margin={2} />
          </div>
          <table>
            <tbody>
              <tr><th>仓库</th><td>{ref('warehouse', d.warehouseId)}</td><th>供应商</th><td>{ref('materialSupplier', d.materialSupplierId)}</td></tr>
              <tr><th>入库日期</th><td>{String(d.inDate ?? '').slice(0, 10)}</td><th>发票号</th><td>{d.invoiceNo ?? ''}</td></tr>
              <tr><th>经办人</th><td>{ref('staff', d.handlerStaffId)}</td><th>备注</th><td>{d.remark ?? ''}</td></tr>
            </tbody>
          </table>
          <table>
            <thead><tr><th>序号</th><th>物料</th><th className="n">数量</th><th className="n">单价(元)</th><th className="n">金额(元)</th></tr></thead>
            <tbody>
              {lines.map((l, i) => (
                <tr key={l.materialInItemId ?? i}><td>{i + 1}</td><td>{ref('materialItem', l.materialId) || l.materialId}</td><td className="n">{l.qty}</td><td className="n">{money(l.unitPrice)}</td><td className="n">{money(l.amount)}</td></tr>
              ))}
              <tr><th colSpan={2}>合计</th><th className="n">{d.totalQty}</th><th /><th className="n">{money(d.totalAmount)}</th></tr>
            </tbody>
          </table>
          <table className="sign"><tbody><tr><th>仓管员</th><td /><th>送货人</th><td /><th>经办人</th><td /></tr></tbody></table>
        </div>
      )}
    </div>
  );
}
