import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { createItem, emptyForm } from '../../schemas/src/designer-rules';
import type { DesignerForm, DesignerItem } from '../../schemas/src/form-to-formily';

const BASE = '/api/v1/form-base/form';

function sampleForm(): DesignerForm {
  const form = emptyForm();
  const name = { ...createItem('input'), id: 'name', label: '姓名', required: true, maxLength: 10 } as DesignerItem;
  const phone = { ...createItem('input'), id: 'phone', label: '电话', rules: [{ rule: '^1[3-9]\\d{9}$', msg: '您输入的电话号码不符合规则' }] } as DesignerItem;
  const kind = { ...createItem('select'), id: 'kind', label: '类型' } as DesignerItem;
  const amount = { ...createItem('inputNumber'), id: 'amount', label: '数量', min: 0, max: 100 } as DesignerItem;
  const note = { ...createItem('editor'), id: 'note', label: '说明' } as DesignerItem;
  const html = { ...createItem('html'), id: 'banner', html: '<p>hi</p><img src=x onerror="alert(1)"><script>alert(2)</script>' } as DesignerItem;
  form.list = [name, phone, kind, amount, note, html];
  return form;
}

describe.each(await backends())('forms on %s', (backend) => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await startHarness(backend);
    admin = await h.login('admin');
  });
  afterAll(async () => h?.close());

  it('saves named definitions as new versions, sanitising html blocks', async () => {
    const first = await h.call('POST', `${BASE}/save`, { token: admin, data: { name: 'visit', title: '来访登记', definition: sampleForm() } });
    expect(first.status).toBe(200);
    expect(first.body.data.revision).toBe(1);
    const html = first.body.data.definition.list.find((i: DesignerItem) => i.id === 'banner').html as string;
    expect(html).not.toMatch(/onerror|<script/);
    expect(html).toContain('<p>hi</p>');
    const second = await h.call('POST', `${BASE}/save`, { token: admin, data: { name: 'visit', title: '来访登记 v2', definition: sampleForm(), remark: '改标题' } });
    expect(second.body.data.revision).toBe(2);
    const list = await h.call('GET', `${BASE}/list`, { token: admin });
    const visit = list.body.data.find((f: any) => f.name === 'visit');
    expect(visit).toMatchObject({ revision: 2, revisions: 2, title: '来访登记 v2' });
    const open1 = await h.call('GET', `${BASE}/visit?revision=1`, { token: admin });
    expect(open1.body.data.title).toBe('来访登记');
    const latest = await h.call('GET', `${BASE}/visit`, { token: admin });
    expect(latest.body.data.revision).toBe(2);
    const revs = await h.call('GET', `${BASE}/visit/revisions`, { token: admin });
    expect(revs.body.data.map((r: any) => r.revision)).toEqual([2, 1]);
  });

  it('refuses definitions failing the metamodel, carrying expressions or foreign addresses', async () => {
    const bad = sampleForm();
    (bad.list[3] as DesignerItem).precision = 11;
    let r = await h.call('POST', `${BASE}/save`, { token: admin, data: { name: 'bad', title: 'x', definition: bad } });
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/^表单定义不符合规范：组件「.+」\(.+\)的精度不能大于10$/);
    const expr = sampleForm();
    (expr.list[0] as DesignerItem).label = '{{ alert(1) }}';
    r = await h.call('POST', `${BASE}/save`, { token: admin, data: { name: 'bad', title: 'x', definition: expr } });
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/可执行表达式/);
    const foreign = sampleForm();
    const select = foreign.list[2] as DesignerItem;
    select.dataType = 'dynamic';
    select.action = 'https://evil.example.com/steal';
    r = await h.call('POST', `${BASE}/save`, { token: admin, data: { name: 'bad', title: 'x', definition: foreign } });
    expect(r.status).toBe(400);
    const missing = await h.call('GET', `${BASE}/bad`, { token: admin });
    expect(missing.status).toBe(404);
  });

  it('keeps only harmless inline CSS in html blocks: no page overlay, no silent foreign link', async () => {
    const form = emptyForm();
    const overlay = '<div style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:9999;background:#fff;color:red">'
      + '<a href="https://evil.example.com/login">请重新登录</a><a href="/dashboard" target="_blank">首页</a></div>'
      + '<p style="margin-top:-400px;font-weight:bold;background-image:url(https://evil.example.com/t.png)">x</p>'
      + '<form action="https://evil.example.com/p"><input name="password"></form>';
    form.list = [{ ...createItem('html'), id: 'banner', html: overlay } as DesignerItem];
    const r = await h.call('POST', `${BASE}/save`, { token: admin, data: { name: 'overlay', title: '覆盖', definition: form } });
    expect(r.status).toBe(200);
    const html = r.body.data.definition.list[0].html as string;
    expect(html).toContain('<div style="width: 100%; color: red">');
    expect(html).not.toMatch(/position|z-index|top:|left:|height|margin-top|url\(|<form|<input/);
    expect(html).toContain('<a href="https://evil.example.com/login" target="_blank" rel="noopener noreferrer">请重新登录</a>');
    expect(html).toContain('<a href="/dashboard" target="_blank" rel="noopener noreferrer">首页</a>');
    expect(html).toContain('<p style="font-weight: bold">x</p>');
  });

  it('gives concurrent saves of one form consecutive revisions instead of conflicts', async () => {
    const saves = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      h.call('POST', `${BASE}/save`, { token: admin, data: { name: 'busy', title: `并发 ${i}`, definition: sampleForm() } })));
    expect(saves.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(saves.map((r) => r.body.data.revision).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('validates submissions with the JSON Schema of the revision and records it', async () => {
    const ok = await h.call('POST', `${BASE}/visit/submit`, {
      token: admin,
      data: { values: { name: '张三', phone: '13800138000', kind: '1', amount: 5, note: '<b>x</b><img src=x onerror=alert(1)>' } },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.revision).toBe(2);
    const old = await h.call('POST', `${BASE}/visit/submit`, { token: admin, data: { revision: 1, values: { name: '李四' } } });
    expect(old.body.data.revision).toBe(1);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /姓名/],
      [{ name: '' }, /姓名/],
      [{ name: '12345678901' }, /姓名不能超过10个字符/],
      [{ name: 'a', phone: '123' }, /您输入的电话号码不符合规则/],
      [{ name: 'a', kind: '9' }, /类型的取值不在允许范围内/],
      [{ name: 'a', amount: 101 }, /数量不能大于100/],
      [{ name: 'a', extra: 1 }, /不允许的字段/],
    ];
    for (const [values, msg] of cases) {
      const r = await h.call('POST', `${BASE}/visit/submit`, { token: admin, data: { values } });
      expect(r.status, JSON.stringify(values)).toBe(400);
      expect(r.body.msg).toMatch(msg);
    }
    const subs = await h.call('GET', `${BASE}/visit/submissions`, { token: admin });
    expect(subs.body.data.map((s: any) => s.revision)).toEqual([1, 2]);
    const stored = subs.body.data.find((s: any) => s.revision === 2).values;
    expect(stored.note).not.toMatch(/onerror/);
  });

  it('checks store-backed enumeration values on submission', async () => {
    const form = emptyForm();
    form.list = [{ ...createItem('select'), id: 'level', label: '客户等级', dataType: 'store', storeDispatchName: 'enum:customerLevel', options: [] } as DesignerItem];
    const saved = await h.call('POST', `${BASE}/save`, { token: admin, data: { name: 'levelForm', title: '等级', definition: form } });
    expect(saved.status).toBe(200);
    const good = await h.call('POST', `${BASE}/levelForm/submit`, { token: admin, data: { values: { level: 2 } } });
    expect(good.status).toBe(200);
    const bad = await h.call('POST', `${BASE}/levelForm/submit`, { token: admin, data: { values: { level: 9 } } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('客户等级的取值不在允许范围内');
  });

  it('needs a session, and 表单设计 to save', async () => {
    expect((await h.call('GET', `${BASE}/list`)).status).toBe(401);
    const business = await h.login('business');
    const r = await h.call('POST', `${BASE}/save`, { token: business, data: { name: 'x', title: 'x', definition: sampleForm() } });
    expect([403, 200]).toContain(r.status);
  });
});
