/**
 * The tree beside a list (page schema `list.tree`): departments beside staff, organisations
 * beside organisations. Choosing a node filters the list (with `descendants`, by the node and
 * everything below it); with a form and calls the tree's own records are added (under the chosen
 * node), edited and removed right there. The tree is whatever its call answers: nodes with
 * `children`, keyed and titled by its entity.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Empty, Input, Space, Spin, Tooltip, Tree } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ResolvedEntity } from '../../../schemas/src/entity-schema';
import { hasPermission } from '../../../schemas/src/permission';
import { invoke } from '../../../api/call';
import { loadEntity, uiEntry } from '../../meta';
import { useSession } from '../../session/store';
import type { TreeDef } from '../../router/types';
import { rowCallArgs } from '../common/rowCall';

const FormDrawer = lazy(() => import('../form/FormDrawer'));

type Node = Record<string, any> & { children?: Node[] };

export interface TreeSelection {
  /** the chosen node's id, or undefined for the whole tree */
  id?: number;
  /** the ids the list filter takes (the node, and its descendants when the tree says so) */
  ids?: number[];
}

function walk(nodes: Node[], fn: (n: Node) => void) {
  for (const n of nodes) {
    fn(n);
    walk(n.children ?? [], fn);
  }
}

function findNode(nodes: Node[], key: string, id: number): Node | undefined {
  let hit: Node | undefined;
  walk(nodes, (n) => { if (!hit && Number(n[key]) === id) hit = n; });
  return hit;
}

export function TreePanel({ tree, onSelect, onChanged }: { tree: TreeDef; onSelect: (sel: TreeSelection) => void; onChanged?: () => void }) {
  const { roles } = useSession();
  // antd's App context: dialogs and messages take the shell's locale and theme.
  const { modal, message } = App.useApp();
  const [entity, setEntity] = useState<ResolvedEntity>();
  const [nodes, setNodes] = useState<Node[]>([]);
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<number>();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ mode: 'create' | 'edit'; id?: number } | null>(null);
  const [tick, setTick] = useState(0);
  const canEdit = !tree.permission || hasPermission(roles ?? [], tree.permission);

  useEffect(() => {
    void uiEntry(tree.api).then((e) => (e.entity ? loadEntity(e.entity) : undefined)).then(setEntity);
  }, [tree.api]);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    invoke<Node[]>(tree.api).then((data) => alive && setNodes(Array.isArray(data) ? data : []))
      .catch(() => alive && setNodes([]))
      .finally(() => alive && setLoading(false));
    return () => { alive = false; };
  }, [tree.api, tick]);

  const key = entity?.idField ?? 'id';
  const titleKey = entity?.titleField ?? 'name';
  const parentField = entity?.parentField ?? 'parentId';

  const choose = useCallback((id: number | undefined) => {
    setSelected(id);
    if (id === undefined) return onSelect({});
    const node = findNode(nodes, key, id);
    const ids: number[] = [];
    if (tree.descendants && node) walk([node], (n) => ids.push(Number(n[key])));
    else ids.push(id);
    onSelect({ id, ids });
  }, [nodes, key, tree.descendants, onSelect]);

  const data = useMemo(() => {
    const k = keyword.trim();
    const convert = (list: Node[]): { key: number; title: string; children: unknown[] }[] => list.flatMap((n) => {
      const children = convert(n.children ?? []);
      const title = String(n[titleKey] ?? '');
      if (k && !title.includes(k) && !children.length) return [];
      return [{ key: Number(n[key]), title, children }];
    });
    return convert(nodes);
  }, [nodes, keyword, key, titleKey]);

  const refresh = () => {
    setTick((t) => t + 1);
    onChanged?.();
  };

  const remove = () => {
    if (selected === undefined || !tree.remove) return;
    const node = findNode(nodes, key, selected);
    modal.confirm({
      title: `确定删除「${String(node?.[titleKey] ?? '')}」？`, okText: '删除', okButtonProps: { danger: true }, cancelText: '取消',
      onOk: async () => {
        await invoke(tree.remove!, { params: rowCallArgs(tree.remove!, node, key, selected).params });
        void message.success('已删除');
        choose(undefined);
        refresh();
      },
    });
  };

  const title = tree.title ?? entity?.title ?? '';
  return (
    <Card
      size="small"
      title={title}
      data-testid="list-tree"
      extra={(
        <Space size={0}>
          {canEdit && tree.create && <Tooltip title={selected === undefined ? `新增${title}` : `在所选${title}下新增`}><Button type="text" size="small" icon={<PlusOutlined />} aria-label={`新增${title}`} onClick={() => setEditing({ mode: 'create' })} /></Tooltip>}
          {canEdit && tree.update && <Tooltip title={`编辑${title}`}><Button type="text" size="small" icon={<EditOutlined />} aria-label={`编辑${title}`} disabled={selected === undefined} onClick={() => setEditing({ mode: 'edit', id: selected })} /></Tooltip>}
          {canEdit && tree.remove && <Tooltip title={`删除${title}`}><Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`删除${title}`} disabled={selected === undefined} onClick={remove} /></Tooltip>}
          <Tooltip title="刷新"><Button type="text" size="small" icon={<ReloadOutlined />} aria-label={`刷新${title}`} onClick={() => setTick((t) => t + 1)} /></Tooltip>
        </Space>
      )}
    >
      <Input.Search allowClear size="small" placeholder={`搜索${title}`} onChange={(e) => setKeyword(e.target.value)} style={{ marginBottom: 8 }} />
      {loading || !entity ? <Spin /> : data.length ? (
        <Tree
          blockNode
          defaultExpandAll
          key={`${tick}-${keyword}`}
          treeData={data as never}
          selectedKeys={selected === undefined ? [] : [selected]}
          onSelect={(keys) => choose(keys.length ? Number(keys[0]) : undefined)}
        />
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />}
      <Suspense fallback={null}>
        {editing && tree.form && (
          <FormDrawer
            title={editing.mode === 'create' ? `新增${title}` : `编辑${title}`}
            formName={tree.form}
            mode={editing.mode}
            id={editing.id}
            rowKey={key}
            api={{ get: tree.get, create: tree.create, update: tree.update }}
            initialValues={editing.mode === 'create' && selected !== undefined ? { [parentField]: selected } : undefined}
            onClose={() => setEditing(null)}
            onSaved={() => { setEditing(null); refresh(); }}
          />
        )}
      </Suspense>
    </Card>
  );
}
