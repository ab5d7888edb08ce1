/**
 * Scanner-first entry into child lines: a layout declares on a child-line table which line field
 * holds the reference a code picks (`into`), which field of the referenced records the code is
 * matched against (`lookup`) and which line field counts the pieces (`qty`). A USB or Bluetooth
 * scanner types the code as keys ending in Enter; each scan adds the line for the record found, or
 * raises the quantity of its line. Nothing here knows what the lines are: the referenced entity
 * and its title come from the definitions (layout → compiled form).
 */

/** What the compiled form carries for a scan field (from the layout's `scan`). */
export interface ScanConfig {
  /** the entity the code picks (the `into` field's reference target) */
  ref: string;
  /** its Chinese title, for the messages (e.g. 零件) */
  refTitle: string;
  /** the field of `ref` the code must equal */
  lookup: string;
  /** the line field holding the picked record's id */
  into: string;
  /** the line field raised by each scan */
  qty: string;
  /** pieces per scan (1) */
  step?: number;
  placeholder?: string;
}

/** A record the code found: its id and its title (as the options call answers them). */
export interface ScanMatch { value: number; label: string }

export interface ScanOutcome {
  rows: Record<string, unknown>[];
  /** the line the scan added or raised */
  index: number;
  added: boolean;
  qty: number;
  message: string;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** The scanned text as the code to look up: scanners may add spaces or control characters around it. */
export function cleanCode(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return raw.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

/**
 * The lines after one scan of `match`: its line's quantity raised by the step, else the first
 * line not yet filled (a row added by hand) filled, else a new line at the end.
 */
export function applyScan(rows: Record<string, unknown>[], match: ScanMatch, scan: ScanConfig): ScanOutcome {
  const step = scan.step ?? 1;
  const next = rows.map((r) => ({ ...(r ?? {}) }));
  let index = next.findIndex((r) => Number(r[scan.into]) === match.value);
  let added = false;
  if (index >= 0) {
    next[index]![scan.qty] = (Number(next[index]![scan.qty]) || 0) + step;
  } else {
    added = true;
    index = next.findIndex((r) => blank(r[scan.into]));
    if (index >= 0) next[index] = { ...next[index], [scan.into]: match.value, [scan.qty]: (Number(next[index]![scan.qty]) || 0) + step };
    else {
      next.push({ [scan.into]: match.value, [scan.qty]: step });
      index = next.length - 1;
    }
  }
  const qty = Number(next[index]![scan.qty]);
  const message = added ? `已添加 ${match.label}（第${index + 1}行，数量 ${qty}）` : `${match.label} 数量 +${step}，现为 ${qty}（第${index + 1}行）`;
  return { rows: next, index, added, qty, message };
}

/** The message for a code no record carries. */
export const unknownCode = (scan: ScanConfig, code: string) => `未找到条码为 ${code} 的${scan.refTitle}`;

/** The options call that finds the record by its code (the generic picker call, filtered on `lookup`). */
export const lookupPath = (scan: ScanConfig, code: string) =>
  `/api/v1/meta/options/${encodeURIComponent(scan.ref)}?filter=${encodeURIComponent(`${scan.lookup}:${code}`)}&limit=2`;
