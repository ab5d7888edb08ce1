/**
 * Several values checked in a tree (the layout widget treeCheck), e.g. a role's permissions:
 * checking a node checks its whole subtree, and the value keeps only the topmost checked nodes
 * (a checked parent stands for everything under it, as a colon permission name does). Options a
 * user may not give arrive disabled; checking a screen's 编辑 checks its 仅查看 too. Read-only it
 * lists the chosen labels.
 */
import { useMemo, useState } from 'react';
import { Input, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { connect, mapReadPretty } from '@formily/react';
import type { FormOption } from '../../../schemas/src/form-to-formily';
import { VIEW_ONLY } from '../../../schemas/src/permission';

type Value = (string | number)[];

interface Props {
  value?: Value;
  onChange?: (value: Value) => void;
  treeData?: FormOption[];
  disabled?: boolean;
}

function flatten(options: FormOption[], parent: string | undefined, into: Map<string, { option: FormOption; parent?: string }>) {
  for (const o of options) {
    into.set(String(o.value), { option: o, parent });
    flatten(o.children ?? [], String(o.value), into);
  }
  return into;
}

function useIndex(treeData: FormOption[] | undefined) {
  return useMemo(() => flatten(treeData ?? [], undefined, new Map()), [treeData]);
}

/** Every node a value covers: itself and all nodes below it. */
function covered(index: Map<string, { parent?: string }>, value: Value): string[] {
  const chosen = new Set(value.map(String));
  const out: string[] = [];
  for (const key of index.keys()) {
    let at: string | undefined = key;
    while (at !== undefined && !chosen.has(at)) at = index.get(at)?.parent;
    if (at !== undefined) out.push(key);
  }
  return out;
}

/**
 * A screen's 编辑 or 审核 is of no use without the screen itself: checking one of them checks the
 * screen's 仅查看 leaf beside it (see schemas/src/permission.ts).
 */
function withViewLeaves(index: Map<string, { option: FormOption; parent?: string }>, list: string[]): string[] {
  const out = new Set(list);
  for (const k of list) {
    const p = index.get(k)?.parent;
    const leaf = p === undefined ? undefined : index.get(p + VIEW_ONLY);
    if (leaf && !leaf.option.disabled && k !== p + VIEW_ONLY) out.add(p + VIEW_ONLY);
  }
  return [...out];
}

function TreeCheckInput({ value, onChange, treeData, disabled }: Props) {
  const index = useIndex(treeData);
  const checked = useMemo(() => covered(index, value ?? []), [index, value]);
  const nodes = useMemo(() => {
    const convert = (list: FormOption[]): DataNode[] => list.map((o) => ({ key: String(o.value), title: o.label, disableCheckbox: o.disabled, children: convert(o.children ?? []) }));
    return convert(treeData ?? []);
  }, [treeData]);
  // The first level is open where something is chosen; a search opens the way to every match.
  // The tree itself is never filtered: checking under a filter must not check a parent whose
  // other children were merely hidden.
  const [expanded, setExpanded] = useState<string[]>(() => (treeData ?? []).map((o) => String(o.value)).filter((k) => checked.some((c) => c === k || c.startsWith(`${k}:`))));
  const [keyword, setKeyword] = useState('');
  const search = (text: string) => {
    const k = text.trim();
    setKeyword(k);
    if (!k) return;
    const open = new Set<string>();
    for (const [key, { option, parent }] of index) {
      if (!option.label.includes(k)) continue;
      // A match shows where it sits and what lies directly under it.
      if (option.children?.length) open.add(key);
      for (let at = parent; at !== undefined; at = index.get(at)?.parent) open.add(at);
    }
    setExpanded([...open]);
  };
  return (
    <div data-testid="tree-check">
      <Input.Search allowClear size="small" placeholder="搜索" onChange={(e) => search(e.target.value)} style={{ marginBottom: 8, maxWidth: 260 }} />
      <div style={{ maxHeight: 420, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
        <Tree
          checkable
          selectable={false}
          disabled={disabled}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          filterTreeNode={(node) => Boolean(keyword) && String(node.title ?? '').includes(keyword)}
          treeData={nodes}
          checkedKeys={checked}
          onCheck={(keys) => {
            const list = withViewLeaves(index, (Array.isArray(keys) ? keys : keys.checked).map(String));
            const set = new Set(list);
            // Keep only the topmost checked nodes: a checked parent stands for its subtree.
            onChange?.(list.filter((k) => { const p = index.get(k)?.parent; return !(p && set.has(p)); }));
          }}
        />
      </div>
    </div>
  );
}

function TreeCheckText({ value, treeData }: Props) {
  const index = useIndex(treeData);
  if (!value?.length) return <Typography.Text>-</Typography.Text>;
  return <div>{value.map((v) => <Tag key={String(v)} style={{ marginBottom: 4 }}>{index.get(String(v))?.option.label ?? String(v)}</Tag>)}</div>;
}

export const TreeCheck = connect(TreeCheckInput, mapReadPretty(TreeCheckText));
