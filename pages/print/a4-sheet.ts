/**
 * The A4 sheet the warehouse's browser-printed documents share (出库单, 物料入库单): one sheet on a
 * grey desk on screen; on paper only the sheet, without the toolbar.
 */
export function a4SheetCss(sheet: string): string {
  return `
@page { size: A4 portrait; margin: 12mm; }
@media print {
  body { background: #fff !important; }
  .print-toolbar { display: none !important; }
  .print-desk { background: #fff !important; padding: 0 !important; }
  .${sheet} { box-shadow: none !important; margin: 0 !important; width: auto !important; padding: 0 !important; }
}
.${sheet} { width: 186mm; margin: 0 auto; background: #fff; box-shadow: 0 2px 12px rgba(0,0,0,.15); padding: 10mm; color: #111; font-size: 12px; }
.${sheet} h1 { text-align: center; font-size: 20px; margin: 0; }
.${sheet} table { width: 100%; border-collapse: collapse; margin-top: 8px; }
.${sheet} th, .${sheet} td { border: 1px solid #333; padding: 4px 6px; text-align: left; }
.${sheet} th { background: #f2f2f2; white-space: nowrap; }
.${sheet} .n { text-align: right; }
.${sheet} .sign td { height: 44px; width: 28%; }
/* the signature boxes take the width, their labels only what the words need */
.${sheet} .sign th { width: 1%; }
`;
}
