import { describe, expect, it, vi } from 'vitest';
import { cachedList } from '../../../runtime/reference/cache';
import { indexRegions, pathInOptions } from '../../../runtime/reference/region';

describe('cached reference list', () => {
  it('loads once when empty, shares one request, reuses, reloads on demand', async () => {
    const load = vi.fn(async () => [1, 2]);
    const list = cachedList(load);
    const [a, b] = await Promise.all([list.get(), list.get()]);
    expect(a).toEqual([1, 2]);
    expect(b).toBe(a);
    await list.get();
    expect(load).toHaveBeenCalledTimes(1);
    await list.reload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a failed load rejects to the caller and the next call retries', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('连接服务器失败')).mockResolvedValueOnce(['x']);
    const list = cachedList<string>(load);
    await expect(list.get()).rejects.toThrow('连接服务器失败');
    expect(list.peek()).toBeUndefined();
    await expect(list.get()).resolves.toEqual(['x']);
  });
});

describe('region index', () => {
  const tree = [
    { regionId: '310000', parentId: '0', name: '上海市', children: [{ regionId: '310100', parentId: '310000', name: '市辖区', children: [{ regionId: '310115', parentId: '310100', name: '浦东新区', children: null }] }] },
  ];
  it('maps a stored last code to its path and label, and back', () => {
    const index = indexRegions(tree);
    expect(index.pathOf('310115')).toEqual(['310000', '310100', '310115']);
    expect(index.labelOf(310115)).toBe('上海市/市辖区/浦东新区');
    expect(index.labelOf('999999')).toBe('999999');
    expect(pathInOptions(index.options, '310100')!.map((o) => o.label)).toEqual(['上海市', '市辖区']);
  });
});
