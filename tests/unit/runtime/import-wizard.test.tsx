// @vitest-environment jsdom
/**
 * The import action a page declares (数据导入, pages/system/user-system-*.json) runs the generic
 * import wizard: the page's types, an unavailable one disabled with its reason, the choice filling
 * the template's path and the upload's query, the check's per-row errors shown before anything is
 * written, and the commit (after the action's confirm text) by the checked job's id.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import dataImport from '../../../pages/system/user-system-data-import.json';
import initFinance from '../../../pages/system/user-system-init-project-finance.json';
import type { PageAction } from '../../../runtime/router/types';

Object.defineProperty(window, 'matchMedia', { value: (q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) });
const invoke = vi.fn();
const invokeUpload = vi.fn();
const invokeDownload = vi.fn();
const PATHS: Record<string, string> = { 'dataImport.template': 'template/{importType}', 'dataImport.upload': 'upload', 'dataImport.commit': '{jobId}/commit', 'dataImport.types': 'types' };
vi.mock('../../../api/call', () => ({
  invoke: (...args: unknown[]) => invoke(...args),
  invokeUpload: (...args: unknown[]) => invokeUpload(...args),
  invokeDownload: (...args: unknown[]) => invokeDownload(...args),
  entryPath: (id: string) => PATHS[id],
}));
const saveFile = vi.fn();
vi.mock('../../../api/http', async (orig) => ({ ...(await orig<object>()), saveFile: (...args: unknown[]) => saveFile(...args) }));
const { default: ImportDialog } = await import('../../../runtime/renderers/list/ImportDialog');

const TYPES = [
  { importType: 1, title: '客户', available: true, reason: null },
  { importType: 5, title: '配件', available: false, reason: '该导入类型在本版本中尚未开放' },
  { importType: 7, title: '员工', available: true, reason: null },
  { importType: 9, title: '项目财务', available: false, reason: '该导入类型在本版本中尚未开放' },
];
const actionOf = (page: unknown) => (page as { list: { actions: PageAction[] } }).list.actions[0]!;

afterEach(() => { cleanup(); [invoke, invokeUpload, invokeDownload, saveFile].forEach((f) => f.mockReset()); });

function open(action: PageAction, onImported = vi.fn()) {
  invoke.mockImplementation(async (id: string) => (id === 'dataImport.types' ? TYPES : undefined));
  render(<App><ImportDialog title={action.title!} calls={action.import!} confirm={action.confirm} onClose={() => undefined} onImported={onImported} /></App>);
  return onImported;
}

describe('a declared import action', () => {
  it('offers only the page\'s types; an unavailable one says why and offers no template or upload', async () => {
    open(actionOf(initFinance));
    expect(await screen.findByTestId('import-unavailable')).toHaveProperty('textContent', '项目财务：该导入类型在本版本中尚未开放');
    expect(screen.queryByTestId('import-upload')).toBeNull();
    expect((screen.getByRole('button', { name: /下载导入模板/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('checks the upload (nothing written), shows per-row errors, then commits the checked job after the confirm', async () => {
    const onImported = open(actionOf(dataImport));
    // the first available type the page offers is chosen; the template's path takes it
    await waitFor(() => expect(screen.getByTestId('import-choice').textContent).toContain('客户'));
    invokeDownload.mockResolvedValue({ fileName: '客户导入模板.xlsx', blob: new Blob([]) });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /下载导入模板/ })));
    expect(invokeDownload).toHaveBeenCalledWith('dataImport.template', { params: { importType: 1 }, query: {} });

    invokeUpload.mockResolvedValue({ jobId: 42, status: 5, total: 3, valid: 2, imported: 0, errors: [{ row: 3, message: '第3行 手机号格式不正确' }] });
    const file = new File(['x'], '客户.xlsx');
    const input = screen.getByTestId('import-upload').querySelector('input[type=file]') ?? document.querySelector('.ant-upload input[type=file]')!;
    await act(async () => fireEvent.change(input, { target: { files: [file] } }));
    expect((await screen.findByTestId('import-report')).textContent).toContain('共 3 行：有效 2 行，有错误 1 行');
    expect(screen.getByText('第3行 手机号格式不正确')).toBeTruthy();
    expect(invokeUpload).toHaveBeenCalledWith('dataImport.upload', file, { params: {}, query: { importType: 1, mode: 'check' } }, expect.anything());
    expect(invoke).not.toHaveBeenCalledWith('dataImport.commit', expect.anything(), expect.anything());

    invoke.mockImplementation(async (id: string) => (id === 'dataImport.commit' ? { jobId: 42, status: 10, total: 3, valid: 0, imported: 2, errors: [{ row: 3, message: '第3行 手机号格式不正确' }] } : TYPES));
    await act(async () => fireEvent.click(screen.getByTestId('import-commit')));
    const confirm = await waitFor(() => document.querySelector('.ant-modal-confirm') as HTMLElement, { timeout: 10_000 });
    await waitFor(() => expect(confirm?.textContent).toContain('导入有效的行（有错误的行不导入），确定提交？'));
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ })));
    await waitFor(() => expect(screen.getByTestId('import-report').textContent).toContain('已导入 2 条，1 行未导入'));
    expect(invoke).toHaveBeenCalledWith('dataImport.commit', { params: { jobId: 42 }, body: {} }, expect.anything());
    expect(onImported).toHaveBeenCalledTimes(2); // the checked job, then the import
  }, 30_000);

  it('every disabled type says why in the chooser', async () => {
    open(actionOf(dataImport));
    await waitFor(() => expect(screen.getByTestId('import-choice').textContent).toContain('客户'));
    await act(async () => fireEvent.mouseDown(screen.getByTestId('import-choice').querySelector('.ant-select-selector')!));
    const reasons = await screen.findAllByTestId('import-choice-reason');
    expect(reasons.map((r) => r.textContent)).toEqual(['配件该导入类型在本版本中尚未开放']);
    expect(reasons[0]!.getAttribute('title')).toBe('该导入类型在本版本中尚未开放');
  });
});

describe("a list's own import", () => {
  it('asks the same confirm and commits the checked job by its id, not the file as a new import', async () => {
    const onImported = vi.fn();
    PATHS['customer.import'] = 'import';
    render(<App><ImportDialog title="导入客户" calls={{ upload: 'customer.import', template: 'customer.importTemplate' }} onClose={() => undefined} onImported={onImported} /></App>);
    invokeUpload.mockResolvedValueOnce({ jobId: 7, status: 5, total: 2, valid: 1, imported: 0, failed: 1, errors: [{ row: 3, message: '第3行：缺少必填字段：客户名称；联系电话格式不正确' }] });
    const file = new File(['x'], '客户.xlsx');
    const input = screen.getByTestId('import-upload').querySelector('input[type=file]') ?? document.querySelector('.ant-upload input[type=file]')!;
    await act(async () => fireEvent.change(input, { target: { files: [file] } }));
    expect((await screen.findByTestId('import-report')).textContent).toContain('共 2 行：有效 1 行，有错误 1 行');
    invokeUpload.mockResolvedValueOnce({ jobId: 7, status: 10, total: 2, valid: 0, imported: 1, failed: 1, errors: [{ row: 3, message: '第3行：缺少必填字段：客户名称' }] });
    await act(async () => fireEvent.click(screen.getByTestId('import-commit')));
    const confirm = await waitFor(() => document.querySelector('.ant-modal-confirm') as HTMLElement, { timeout: 10_000 });
    await waitFor(() => expect(confirm?.textContent).toContain('导入有效的行（有错误的行不导入），确定提交？'));
    expect(invokeUpload).toHaveBeenCalledTimes(1);
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ })));
    await waitFor(() => expect(screen.getByTestId('import-report').textContent).toContain('已导入 1 条，1 行未导入'));
    expect(invokeUpload).toHaveBeenLastCalledWith('customer.import', file, { params: {}, query: { mode: 'commit', jobId: 7 } }, expect.anything());
  }, 30_000);

  it('a check without a valid row offers nothing to import', async () => {
    PATHS['customer.import'] = 'import';
    render(<App><ImportDialog title="导入客户" calls={{ upload: 'customer.import', template: 'customer.importTemplate' }} onClose={() => undefined} onImported={vi.fn()} /></App>);
    invokeUpload.mockResolvedValueOnce({ jobId: 8, status: 15, total: 1, valid: 0, imported: 0, failed: 1, errors: [{ row: 2, message: '第2行：缺少必填字段：客户名称' }] });
    const input = screen.getByTestId('import-upload').querySelector('input[type=file]') ?? document.querySelector('.ant-upload input[type=file]')!;
    await act(async () => fireEvent.change(input, { target: { files: [new File(['x'], 'a.xlsx')] } }));
    expect((await screen.findByTestId('import-report')).textContent).toContain('没有可导入的行');
    expect(screen.queryByTestId('import-commit')).toBeNull();
  });
});
