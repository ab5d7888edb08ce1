// @vitest-environment jsdom
/**
 * The role form's permission tree: checking a screen's 编辑 checks its 仅查看 too (an editor who
 * can't open the screen holds nothing usable), and 仅查看 alone is kept as a value of its own, so
 * "客户列表 view only" can be given.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';

Object.defineProperty(window, 'matchMedia', { value: (q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) });
const { TreeCheck } = await import('../../../runtime/renderers/form/TreeCheck');

const treeData = [{
  label: '商务拓展', value: '商务', children: [{
    label: '客户列表', value: '商务:客户列表', children: [
      { label: '仅查看', value: '商务:客户列表:仅查看' },
      { label: '客户编辑', value: '商务:客户列表:编辑' },
      { label: '客户审核', value: '商务:客户列表:审核' },
    ],
  }],
}];

afterEach(cleanup);

function mount(value: string[]) {
  const form = createForm({ values: { permissions: value } });
  render(<FormProvider form={form}><Field name="permissions" component={[TreeCheck, { treeData }]} /></FormProvider>);
  // As the administrator finds a screen: typing in 搜索 opens the way to it.
  fireEvent.change(screen.getByPlaceholderText('搜索'), { target: { value: '客户' } });
  return { form };
}

function checkbox(title: string) {
  const node = screen.getByTitle(title).closest('.ant-tree-treenode')!;
  return node.querySelector('.ant-tree-checkbox')!;
}

describe('the permission tree', () => {
  it('checking 客户编辑 checks 仅查看 beside it', () => {
    const { form } = mount([]);
    fireEvent.click(checkbox('客户编辑'));
    expect([...form.values.permissions].sort()).toEqual(['商务:客户列表:仅查看', '商务:客户列表:编辑']);
  });

  it('unticking 编辑 and 审核 of a fully checked screen leaves it view only', () => {
    const { form } = mount(['商务:客户列表']);
    fireEvent.click(checkbox('客户编辑'));
    fireEvent.click(checkbox('客户审核'));
    expect(form.values.permissions).toEqual(['商务:客户列表:仅查看']);
    expect(checkbox('仅查看').className).toContain('ant-tree-checkbox-checked');
    expect(checkbox('客户列表').className).not.toContain('ant-tree-checkbox-checked');
  });
});
