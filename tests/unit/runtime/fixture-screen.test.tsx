// @vitest-environment jsdom
/**
 * The fixture entity's screen (tests/fixtures/metamodel: entity, calls, layout and page written
 * as definitions only), rendered by the generic runtime against the real server (requests go
 * into the Fastify app in-process): reference titles, enum tags and money in the list, a range
 * filter taken from the address, a transition from a row, child lines in the detail, an export
 * and an import.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import ExcelJS from 'exceljs';
import type { InternalAxiosRequestConfig } from 'axios';
import { startHarness, type Harness } from '../../server/helpers/harness';
import { resolveFixture } from '../../server/helpers/fixture';
import { expandLayout } from '../../../schemas/src/layout';
import { hasPermission } from '../../../schemas/src/permission';

const fixture = resolveFixture();
const layout = (await import('../../fixtures/metamodel/layout.json')).default;
const page = (await import('../../fixtures/metamodel/page.json')).default;

vi.mock('../../../runtime/meta', async (original) => {
  const real = await original<typeof import('../../../runtime/meta')>();
  const ui = Object.fromEntries(fixture.catalogue.filter((e) => e.entity).map((e) => [e.id, { handler: e.handler, entity: e.entity, permission: e.permission, ...(e.options ?? {}) }]));
  const entity = (n: string) => fixture.entities[n]!;
  return {
    ...real,
    loadEntity: async (n: string) => entity(n),
    peekEntity: (n: string) => entity(n),
    loadEntityWithChildren: async (n: string) => entity(n),
    uiEntry: async (id: string) => ui[id],
    loadForm: async () => expandLayout(layout as never, (n) => entity(n)),
  };
});

// The person's screen settings: the server keeps them by account (tests/server/shell.test.ts);
// here a map by the signed-in test user stands in for it.
const prefs = vi.hoisted(() => ({ account: '', byAccount: new Map<string, Record<string, unknown>>() }));

// The fixture's calls are not in the generated client: invoke them by their resolved entries.
vi.mock('../../../api/call', async (original) => {
  const real = await original<typeof import('../../../api/call')>();
  const http = await import('../../../api/http');
  const entry = (id: string) => fixture.catalogue.find((e) => e.id === id);
  return {
    ...real,
    entryPath: (id: string) => entry(id)?.path ?? real.entryPath(id),
    mayCall: (id: string, held: readonly string[]) => {
      const e = entry(id);
      return e ? hasPermission(held, e.permission) : real.mayCall(id, held);
    },
    invoke: (id: string, args: { params?: never; query?: never; body?: unknown } = {}, options = {}) => {
      if (id.startsWith('userPreference.')) {
        const mine = prefs.byAccount.get(prefs.account) ?? {};
        prefs.byAccount.set(prefs.account, mine);
        if (id === 'userPreference.save') Object.assign(mine, { [(args.body as any).prefKey]: (args.body as any).value });
        return Promise.resolve(id === 'userPreference.all' ? { ...mine } : null);
      }
      const e = entry(id);
      return e ? http.request({ method: e.method, url: e.path, params: args.params, query: args.query, data: args.body, ...options }) : real.invoke(id, args as never, options);
    },
    invokeDownload: (id: string, args: { params?: never; query?: never } = {}) => {
      const e = entry(id)!;
      return http.download({ method: e.method, url: e.path, params: args.params, query: args.query });
    },
    invokeUpload: (id: string, file: Blob, args: { params?: never; query?: never } = {}, options = {}) => {
      const e = entry(id)!;
      return http.upload({ method: e.method, url: e.path, params: args.params, query: args.query, ...options }, file);
    },
  };
});

const saved: { blob: Blob; fileName: string }[] = [];
vi.mock('../../../api/http', async (original) => {
  const real = await original<typeof import('../../../api/http')>();
  return { ...real, saveFile: (d: { blob: Blob; fileName: string }) => saved.push(d) };
});

const { http } = await import('../../../api/http');
const { setToken } = await import('../../../api/token');
const { patchSession } = await import('../../../runtime/session/store');
const { ListView } = await import('../../../runtime/renderers/list/ListView');
const { loadPreferencesFor } = await import('../../../runtime/shell/preferences');

// jsdom lacks what antd measures with; media queries answer for the window's width (a phone test narrows it)
const widthMatches = (q: string) => {
  const min = /min-width:\s*(\d+)px/.exec(q);
  const max = /max-width:\s*(\d+)px/.exec(q);
  return (!min || window.innerWidth >= Number(min[1])) && (!max || window.innerWidth <= Number(max[1]));
};
Object.defineProperty(window, 'matchMedia', { value: (q: string) => ({ matches: widthMatches(q), media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) });
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as never;

// The fixture's entities have no generated validator module (npm run gen writes the product's):
// their field checks are compiled here, from the very schema the generator compiles.
{
  const { createAjv } = await import('../../../schemas/src/ajv');
  const { entityFieldsSchema } = await import('../../../scripts/gen/field-validators');
  const { useFieldChecks } = await import('../../../schemas/src/field-check');
  for (const e of Object.values(fixture.entities)) useFieldChecks(e.name, createAjv().compile(entityFieldsSchema(e as never)) as never);
}

let h: Harness;

/** The bytes of a jsdom Blob (FileReader: jsdom's blobs have no arrayBuffer()). */
function blobBytes(blob: Blob): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** Sends the runtime's requests into the app in-process, multipart bodies included. */
function routeIntoApp() {
  http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const url = new URL(config.url!, 'http://app');
    for (const [k, v] of Object.entries((config.params ?? {}) as Record<string, string>)) url.searchParams.set(k, v);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(config.headers ?? {})) if (typeof v === 'string') headers[k.toLowerCase()] = v;
    let payload: string | Buffer | undefined;
    if (config.data instanceof FormData) {
      // jsdom's files don't stream into undici: encode the multipart body by hand
      const boundary = `----fixture${Date.now()}`;
      const parts: Buffer[] = [];
      for (const [name, value] of config.data.entries()) {
        if (typeof value === 'string') parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
        else {
          const bytes = await blobBytes(value as Blob);
          parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${(value as File).name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), bytes, Buffer.from('\r\n'));
        }
      }
      parts.push(Buffer.from(`--${boundary}--\r\n`));
      payload = Buffer.concat(parts);
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    } else if (config.data !== undefined) {
      payload = typeof config.data === 'string' ? config.data : JSON.stringify(config.data);
      headers['content-type'] = 'application/json';
    }
    const res = await h.app.inject({ method: (config.method ?? 'get').toUpperCase() as 'GET', url: url.pathname + url.search, headers, payload });
    const binary = config.responseType === 'blob';
    const data = binary ? new Blob([res.rawPayload as unknown as BlobPart]) : JSON.parse(res.body);
    const response = { data, status: res.statusCode, statusText: '', headers: res.headers as Record<string, string>, config };
    if (res.statusCode >= 400) throw Object.assign(new Error('failed'), { isAxiosError: true, config, response });
    return response;
  };
}

describe('a definitions-only screen rendered by the runtime', () => {
  const BASE = '/api/v1/test-base/gadget-order';
  let customer: { customerId: number; name: string };
  let token: string;

  beforeAll(async () => {
    h = await startHarness('pglite', { entities: fixture.entities, catalogue: fixture.catalogue });
    token = await h.login('business');
    customer = (await h.call('GET', '/api/v1/user-base/customer/list-org-customer', { token })).body.data[0];
    const make = (title: string, orderDate: string, amount: string) => h.call('POST', `${BASE}/save`, { token, data: {
      title, customerId: customer.customerId, orderDate, amount, lines: [{ itemName: '扳手', quantity: 2, unitPrice: '100.25' }],
    } });
    await make('一月订单', '2025-01-10', '1234567.80');
    await make('二月订单', '2025-02-10', '20.00');
    setToken(token);
    patchSession({ token, roles: ['首页', '商务'] });
    routeIntoApp();
  }, 60_000);
  afterEach(() => cleanup());
  afterAll(async () => {
    await h?.close();
  });

  const list = page.list as never;
  const renderList = (entry = '/test/gadget-orders') => render(
    <ConfigProvider locale={zhCN}><AntApp>
      <MemoryRouter initialEntries={[entry]}><ListView list={list} title="小工具订单" urlPath="/test/gadget-orders" /></MemoryRouter>
    </AntApp></ConfigProvider>,
  );

  it('shows titles of references, enum labels and money; a range filter comes from the address', async () => {
    renderList('/test/gadget-orders?orderDateStart=2025-01-01&orderDateEnd=2025-01-31');
    const row = await screen.findByText('一月订单', {}, { timeout: 15_000 });
    expect(screen.queryByText('二月订单')).toBeNull();
    const tr = row.closest('tr')!;
    expect(within(tr).getByText(customer.name)).toBeTruthy();
    expect(within(tr).getByText('1,234,567.80')).toBeTruthy();
    expect(within(tr).getAllByText('草稿').length).toBeGreaterThan(0);
    cleanup();
  }, 30_000);

  it('a row transition changes the state; the detail shows the child lines and the timeline', async () => {
    renderList('/test/gadget-orders?orderDateStart=2025-02-01');
    const tr = (await screen.findByText('二月订单', {}, { timeout: 15_000 })).closest('tr')!;
    // four actions apply to a draft: two shown, the rest under 更多
    expect(within(tr).queryByRole('button', { name: /终\s*止/ })).toBeNull();
    expect(within(tr).getByRole('button', { name: /更多/ })).toBeTruthy();
    // the toolbar's batch action acts on the selected rows
    await act(async () => fireEvent.click(within(tr).getByRole('checkbox')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /批量提交\(1\)/ })));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }, { timeout: 8000 })));
    await waitFor(() => expect(within(screen.getByText('二月订单').closest('tr')!).getByText('待请车')).toBeTruthy(), { timeout: 10_000 });
    await act(async () => fireEvent.click(within(screen.getByText('二月订单').closest('tr')!).getByRole('button', { name: /查\s*看/ })));
    const detail = await screen.findByTestId('detail', {}, { timeout: 10_000 });
    await act(async () => fireEvent.click(within(detail).getByRole('tab', { name: '明细' })));
    expect(await within(detail).findByText('扳手')).toBeTruthy();
    await act(async () => fireEvent.click(within(detail).getByRole('tab', { name: '审批与操作记录' })));
    expect((await within(detail).findAllByText('草稿 → 待请车')).length).toBeGreaterThan(0);
    cleanup();
  }, 40_000);

  it('exports what the filter selects, and imports through the dialog with a per-row report', async () => {
    renderList('/test/gadget-orders?customerId=' + customer.customerId);
    await screen.findByText('一月订单', {}, { timeout: 15_000 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /导出Excel/ })));
    await waitFor(() => expect(saved.length).toBe(1), { timeout: 10_000 });
    expect(saved[0]!.fileName).toMatch(/^小工具订单_\d{4}-\d{2}-\d{2} \d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await saved[0]!.blob.arrayBuffer());
    const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['订单编号', '订单名称', '客户', '下单日期', '金额', '状态', '审核状态']);

    const sheet = new ExcelJS.Workbook();
    const ws = sheet.addWorksheet('x');
    ws.addRow(['*订单名称', '*客户', '金额']);
    ws.addRow(['导入好行', customer.name, 12]);
    ws.addRow(['导入坏行', customer.name, 'abc']);
    const file = new File([Buffer.from(await sheet.xlsx.writeBuffer()) as unknown as BlobPart], 'orders.xlsx');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /导\s*入/ })));
    const input = (await screen.findByTestId('import-upload', {}, { timeout: 10_000 })).querySelector('input[type=file]') ?? document.querySelector('.ant-upload input[type=file]')!;
    await act(async () => fireEvent.change(input, { target: { files: [file] } }));
    expect((await screen.findByTestId('import-report', {}, { timeout: 10_000 })).textContent).toContain('有效 1 行，有错误 1 行');
    expect(screen.getByText('第3行：金额应为数字')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('import-commit')));
    // Every import asks before the valid rows are written.
    const confirm = await waitFor(() => document.querySelector('.ant-modal-confirm') as HTMLElement, { timeout: 10_000 });
    expect(confirm.textContent).toContain('导入有效的行（有错误的行不导入），确定提交？');
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ })));
    await waitFor(async () => {
      const r = await h.call('GET', `${BASE}/page?title=导入`, { token });
      expect(r.body.data.list.map((x: { title: string }) => x.title)).toEqual(['导入好行']);
    }, { timeout: 10_000 });
  }, 60_000);

  it('a link column is a real link: its href addresses the record\'s detail, a plain click opens it here', async () => {
    renderList('/test/gadget-orders?orderDateStart=2025-01-01&orderDateEnd=2025-01-31');
    const tr = (await screen.findByText('一月订单', {}, { timeout: 15_000 })).closest('tr')!;
    const link = tr.querySelector('a[href]') as HTMLAnchorElement;
    // the same address a new tab opens: the page's filters kept, the record named by its id field
    expect(link.getAttribute('href')).toMatch(/^\/test\/gadget-orders\?orderDateStart=2025-01-01&orderDateEnd=2025-01-31&gadgetOrderId=\d+$/);
    await act(async () => fireEvent.click(link, { button: 0 }));
    const detail = await screen.findByTestId('detail', {}, { timeout: 10_000 });
    expect((await within(detail).findAllByText(/一月订单/)).length).toBeGreaterThan(0);
    cleanup();
  }, 30_000);

  it('below 576 px a record is a card: its title links to its detail, key fields as label: value, actions in a menu', async () => {
    const wide = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { value: 390, configurable: true, writable: true });
    try {
      renderList('/test/gadget-orders?orderDateStart=2025-02-01');
      const cards = await screen.findAllByTestId('list-card', {}, { timeout: 15_000 });
      expect(document.querySelector('.ant-table')).toBeNull();
      const card = cards.find((c) => c.textContent?.includes('二月订单'))!;
      expect(within(card).getByText('客户：')).toBeTruthy();
      expect(within(card).getByText(customer.name)).toBeTruthy();
      expect(within(card).getByText('金额：')).toBeTruthy();
      // its state (the earlier test moved it on from 草稿)
      expect(within(card).getAllByText(/草稿|待请车/).length).toBeGreaterThan(0);
      expect(within(card).getByRole('button', { name: '操作' })).toBeTruthy();
      // selection for the batch action stays
      expect(within(card).getByRole('checkbox', { name: '选择' })).toBeTruthy();
      expect(screen.getByText(/共 \d+ 条/)).toBeTruthy();
      const title = within(card).getByText('二月订单').closest('a')!;
      expect(title.getAttribute('href')).toMatch(/gadgetOrderId=\d+$/);
      await act(async () => fireEvent.click(title, { button: 0 }));
      expect(await screen.findByTestId('detail', {}, { timeout: 10_000 })).toBeTruthy();
    } finally {
      Object.defineProperty(window, 'innerWidth', { value: wide, configurable: true, writable: true });
      cleanup();
    }
  }, 30_000);

  it('column settings are kept per user across reloads; another user on the same browser starts from the definition', async () => {
    const signIn = async (staffId: number) => {
      patchSession({ profile: { staffId, name: `用户${staffId}`, permissionScopes: [] } as never });
      prefs.account = `user${staffId}`;
      await act(() => loadPreferencesFor(prefs.account));
    };
    const headers = () => [...document.querySelectorAll('th')].map((th) => th.textContent ?? '').filter(Boolean);
    const openSettings = async () => {
      await act(async () => fireEvent.click(screen.getByRole('button', { name: '列设置' })));
      return screen.findByTestId('column-settings');
    };
    try {
      await signIn(901);
      renderList();
      await screen.findByText('一月订单', {}, { timeout: 15_000 });
      const settings = await openSettings();
      await act(async () => fireEvent.click(within(settings).getByRole('checkbox', { name: '审核状态' })));
      await act(async () => fireEvent.click(within(settings).getByRole('button', { name: '金额上移' })));
      await waitFor(() => expect(headers()).not.toContain('审核状态'));
      expect(headers().indexOf('金额')).toBeLessThan(headers().indexOf('下单日期'));
      cleanup();

      // a reload: the same user gets the same columns
      renderList();
      await screen.findByText('一月订单', {}, { timeout: 15_000 });
      expect(headers()).not.toContain('审核状态');
      expect(headers().indexOf('金额')).toBeLessThan(headers().indexOf('下单日期'));
      cleanup();

      // another user on this browser: the definition's columns
      await signIn(902);
      renderList();
      await screen.findByText('一月订单', {}, { timeout: 15_000 });
      expect(headers()).toContain('审核状态');
      expect(headers().indexOf('金额')).toBeGreaterThan(headers().indexOf('下单日期'));
    } finally {
      patchSession({ profile: null });
      cleanup();
    }
  }, 40_000);
});
