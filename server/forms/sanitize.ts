/**
 * DOMPurify on the server (jsdom window), loaded on first use: html blocks and editor values,
 * with the product's policy on inline CSS and links (schemas/src/html-policy.ts).
 */
import type { DesignerForm, DesignerItem } from '../../schemas/src/form-to-formily';
import { columnKey, walkItems } from '../../schemas/src/designer-rules';
import { sanitizeUserHtml, type PurifyLike } from '../../schemas/src/html-policy';

type Purify = PurifyLike;
let purify: Promise<Purify> | undefined;

async function loadPurify(): Promise<Purify> {
  const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
  const { window } = new JSDOM('');
  return createDOMPurify(window as unknown as Window & typeof globalThis) as unknown as Purify;
}

export async function sanitizeHtml(html: string): Promise<string> {
  purify ??= loadPurify();
  return sanitizeUserHtml(await purify, html);
}

/** Sanitises every html block and editor default value of a definition in place. */
export async function sanitizeDefinition(form: DesignerForm): Promise<DesignerForm> {
  const jobs: Promise<void>[] = [];
  walkItems(form.list, (item: DesignerItem) => {
    if (item.compType === 'html' && typeof item.html === 'string') jobs.push(sanitizeHtml(item.html).then((clean) => void (item.html = clean)));
    if (item.compType === 'editor' && typeof item.value === 'string' && item.value) jobs.push(sanitizeHtml(item.value).then((clean) => void (item.value = clean)));
  });
  await Promise.all(jobs);
  return form;
}

/** Sanitises the values of editor fields (top level and inside dynamic tables) of a submission in place. */
export async function sanitizeSubmission(form: DesignerForm, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  const editors = new Set<string>();
  const tables = new Map<string, string[]>();
  walkItems(form.list, (item) => {
    if (item.compType === 'editor') editors.add(item.id);
    if (item.compType === 'dynamicTable') {
      tables.set(item.id, ((item.columns ?? []) as unknown as DesignerItem[]).filter((c) => c.compType === 'editor').map((c) => columnKey(c)));
    }
  });
  for (const id of editors) if (typeof values[id] === 'string') values[id] = await sanitizeHtml(values[id] as string);
  for (const [id, columns] of tables) {
    const rows = values[id];
    if (!Array.isArray(rows) || columns.length === 0) continue;
    for (const row of rows) for (const column of columns) {
      if (row && typeof row[column] === 'string') row[column] = await sanitizeHtml(row[column]);
    }
  }
  return values;
}
