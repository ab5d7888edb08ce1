import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { entityHooks } from '../../server/hooks/index';
import type { EntityHooks } from '../../server/hooks/types';

// A rule about who may act (e.g. a contract's type-specific permission) must bind the caller's
// request, not a record another record's hook writes on the system's behalf.
describe.each(await backends())('hooks see whether the system or the caller writes, on %s', (backend) => {
  let h: Harness;
  let admin: string;
  const seen: { name: string; system: boolean }[] = [];
  const registry = entityHooks as Record<string, EntityHooks<any>>;
  const saved = registry.customer;
  beforeAll(async () => {
    registry.customer = {
      validate(ctx, record) { seen.push({ name: String(record.name), system: ctx.system }); },
      async afterSave(ctx, row) {
        if (String(row.name).endsWith('母公司')) await ctx.create('customer', { name: `${String(row.name).slice(0, -3)}子公司` });
      },
    };
    h = await startHarness(backend);
    admin = await h.login('admin');
    seen.length = 0; // a fresh PostgreSQL database was seeded through these hooks
  });
  afterAll(async () => {
    if (saved) registry.customer = saved;
    else delete registry.customer;
    await h?.close();
  });

  it('false for the request, true for what a hook writes', async () => {
    const r = await h.call('POST', '/api/v1/user-base/customer/save', { token: admin, data: { name: '钩子测试母公司' } });
    expect(r.body.code).toBe(0);
    expect(seen).toEqual([{ name: '钩子测试母公司', system: false }, { name: '钩子测试子公司', system: true }]);
  });
});
