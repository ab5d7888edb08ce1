/**
 * /project/print-contract-template/:type/:id (DOMAIN §6.9): an A4 page laid out from the print
 * document the server describes (parties, fields, price lines, clauses, signatures), printed by
 * the browser. On screen it sits on a grey desk with a toolbar; on paper only the sheet shows.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Space, Spin } from 'antd';
import { DownloadOutlined, PrinterOutlined, RollbackOutlined } from '@ant-design/icons';
import { invoke, invokeDownload } from '../../api/call';
import { saveFile } from '../../api/http';
import type { ScreenProps } from '../../runtime/screens/types';
import { QrImage } from '../driver/QrImage';

interface PrintDocument {
  type: number;
  title: string;
  docNo: string;
  parties: { role: string; name: string; lines: string[] }[];
  fields: { label: string; value: string; wide?: boolean }[];
  tables: { title: string; columns: string[]; rows: string[][] }[];
  clauses: string[];
  signatures: { role: string; name: string; date?: string; stamp?: boolean }[];
  printedBy?: string;
  docNoLabel?: string;
  qrCodes?: { label: string; text: string }[];
}

// Print rules: A4 portrait, only the sheet, no shadows or margins of the screen.
const PRINT_CSS = `
@page { size: A4 portrait; margin: 14mm 12mm; }
@media print {
  body { background: #fff !important; }
  .print-toolbar { display: none !important; }
  .print-desk { background: #fff !important; padding: 0 !important; }
  .print-sheet { box-shadow: none !important; margin: 0 !important; width: auto !important; min-height: 0 !important; padding: 0 !important; }
}
.print-sheet table { border-collapse: collapse; width: 100%; }
.print-sheet th, .print-sheet td { border: 1px solid #333; padding: 4px 6px; font-size: 12px; vertical-align: top; }
.print-sheet th { background: #f5f5f5; font-weight: 600; }
`;

export default function ContractPrint({ page, params }: ScreenProps) {
  // A print page may fix the document type (托运单: props.type 6) instead of taking it from the route.
  const props = page.props as { type?: number; export?: { api: string; param: string } } | undefined;
  const type = props?.type ?? params?.type;
  // …and offer the same record as a workbook (对账单: props.export names the call and its id parameter).
  const exportCall = props?.export;
  const id = params?.id;
  const navigate = useNavigate();
  const [doc, setDoc] = useState<PrintDocument>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    invoke<PrintDocument>('print.document', { params: { type: Number(type), id: Number(id) } }, { silent: true })
      .then((d) => {
        setDoc(d);
        document.title = `${d.title} ${d.docNo}`;
      }, (err: Error) => setError(err.message || '加载失败'));
  }, [type, id]);

  return (
    <div className="print-desk" style={{ background: '#e9ebee', minHeight: '100vh', padding: '16px 0 40px' }}>
      <style>{PRINT_CSS}</style>
      <div className="print-toolbar" style={{ width: '210mm', margin: '0 auto 12px', display: 'flex', justifyContent: 'space-between' }}>
        <Button icon={<RollbackOutlined />} onClick={() => navigate(-1)}>返回</Button>
        <Space>
          {exportCall && <Button icon={<DownloadOutlined />} disabled={!doc} onClick={async () => saveFile(await invokeDownload(exportCall.api, { params: { [exportCall.param]: Number(id) } }))}>导出Excel</Button>}
          <Button type="primary" icon={<PrinterOutlined />} disabled={!doc} onClick={() => window.print()}>打印</Button>
        </Space>
      </div>
      {error && <div style={{ width: '210mm', margin: '0 auto' }}><Alert type="error" showIcon message={error} /></div>}
      {!doc && !error && <Spin style={{ display: 'block', margin: '80px auto' }} />}
      {doc && <Sheet doc={doc} />}
    </div>
  );
}

function Sheet({ doc }: { doc: PrintDocument }) {
  const fieldRows: PrintDocument['fields'][] = [];
  for (let i = 0; i < doc.fields.length;) {
    const f = doc.fields[i]!;
    if (f.wide) { fieldRows.push([f]); i += 1; } else { fieldRows.push(doc.fields.slice(i, i + 2).filter((x) => !x.wide)); i += fieldRows.at(-1)!.length; }
  }
  return (
    <div className="print-sheet" data-testid="print-sheet"
      style={{ width: '210mm', minHeight: '297mm', margin: '0 auto', padding: '16mm 14mm', background: '#fff', boxShadow: '0 2px 12px rgba(0,0,0,.15)', color: '#111', fontSize: 13, lineHeight: 1.7, fontFamily: '"SimSun", "Songti SC", "WenQuanYi Micro Hei", serif' }}>
      <h1 style={{ textAlign: 'center', fontSize: 22, letterSpacing: 4, margin: '0 0 4px' }}>{doc.title}</h1>
      <div style={{ textAlign: 'right', fontSize: 12, marginBottom: 12 }}>{doc.docNoLabel ?? '合同编号'}：<span data-testid="print-doc-no">{doc.docNo}</span></div>
      {doc.parties.map((p) => (
        <div key={p.role} style={{ marginBottom: 8 }}>
          <div><strong>{p.role}：</strong>{p.name}</div>
          {p.lines.map((l) => <div key={l} style={{ paddingLeft: '2em', fontSize: 12 }}>{l}</div>)}
        </div>
      ))}
      <table style={{ margin: '12px 0' }}>
        <tbody>
          {fieldRows.map((row, i) => (
            <tr key={i}>
              {row.map((f) => [
                <th key={`${f.label}l`} style={{ width: '16%', textAlign: 'left' }}>{f.label}</th>,
                <td key={`${f.label}v`} colSpan={f.wide || row.length === 1 ? 3 : 1}>{f.value}</td>,
              ])}
            </tr>
          ))}
        </tbody>
      </table>
      {doc.tables.map((t) => (
        <div key={t.title} style={{ margin: '12px 0' }}>
          <div style={{ fontWeight: 600, marginBottom: 4 }}>{t.title}</div>
          <table>
            <thead><tr>{t.columns.map((c) => <th key={c}>{c}</th>)}</tr></thead>
            <tbody>{t.rows.map((r, i) => <tr key={i}>{r.map((v, j) => <td key={j} style={{ textAlign: /^[\d,.%-]+$/.test(v) ? 'right' : 'left' }}>{v}</td>)}</tr>)}</tbody>
          </table>
        </div>
      ))}
      {doc.qrCodes?.length ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, margin: '12px 0' }} data-testid="print-qr">
          {doc.qrCodes.map((q) => (
            <div key={q.text} style={{ textAlign: 'center', fontSize: 11 }}>
              <QrImage text={q.text} size={96} />
              <div>{q.label}</div>
            </div>
          ))}
        </div>
      ) : null}
      <div style={{ margin: '12px 0' }}>
        {doc.clauses.map((c) => <p key={c} style={{ margin: '4px 0', textIndent: '2em' }}>{c}</p>)}
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 40, gap: 24 }}>
        {doc.signatures.map((s) => (
          <div key={s.role} style={{ flex: 1 }}>
            <div>{s.role}：{s.name}</div>
            {s.stamp && <div data-testid="print-stamp" style={{ width: '40mm', height: '40mm', margin: '8px 0', border: '1px dashed #999', borderRadius: '50%', display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#999', fontSize: 12 }}>盖章处</div>}
            <div style={{ marginTop: 28 }}>授权代表签字：</div>
            <div style={{ marginTop: 16 }}>日期：　　　年　　月　　日</div>
          </div>
        ))}
      </div>
      {doc.printedBy && <div style={{ marginTop: 32, fontSize: 11, color: '#666', textAlign: 'right' }}>打印人：{doc.printedBy}</div>}
    </div>
  );
}
