/**
 * Sorting by a Chinese name follows pinyin, as people read it (issue 11): 阿里, 北京, 上海, 上汽,
 * not code-point order (上汽 before 上海), on the embedded database and on PostgreSQL alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';

const BASE = '/api/v1/user-base/customer';

describe.each(await backends())('pinyin order on %s', (backend) => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await startHarness(backend);
    token = await h.login('admin');
    for (const name of ['上汽排序物流', '北京排序物流', '上海排序物流', 'Alpha排序物流', '阿里排序物流']) {
      expect((await h.call('POST', `${BASE}/save`, { token, data: { name } })).body.code).toBe(0);
    }
  });
  afterAll(async () => h?.close());

  it('sorts a text column by pinyin (Chinese before Latin, as ICU\'s zh collation does), both ways', async () => {
    const names = async (order: 'asc' | 'desc') =>
      ((await h.call('GET', `${BASE}/list-local-customer?keyword=${encodeURIComponent('排序物流')}&sortField=name&sortOrder=${order}`, { token })).body.data.list as { name: string }[]).map((c) => c.name);
    expect(await names('asc')).toEqual(['阿里排序物流', '北京排序物流', '上海排序物流', '上汽排序物流', 'Alpha排序物流']);
    expect(await names('desc')).toEqual(['Alpha排序物流', '上汽排序物流', '上海排序物流', '北京排序物流', '阿里排序物流']);
  });
});
