/** kind=detail: the record whose id is in the route, as a page of its own. */
import { useEffect, useState } from 'react';
import { Alert, Card } from 'antd';
import type { ResolvedEntity } from '../../../schemas/src/entity-schema';
import { loadEntity, uiEntry } from '../../meta';
import type { PageDef } from '../../router/types';
import { ListComponent } from '../common/views';
import { ListView } from '../list/ListView';
import { DetailBody } from './DetailView';

export default function DetailPage({ page, params }: { page: PageDef; params?: Record<string, string> }) {
  const detail = page.detail!;
  const [entity, setEntity] = useState<ResolvedEntity>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    uiEntry(detail.api!.get!).then((e) => loadEntity(e.entity!)).then(setEntity, (err: Error) => setError(err.message));
  }, [detail]);
  const id = Number(params?.[detail.param ?? ''] ?? Object.values(params ?? {})[0]);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!entity) return <Card loading />;
  if (!Number.isSafeInteger(id)) return <Alert type="warning" showIcon message="记录编号不正确" />;
  return (
    <ListComponent.Provider value={ListView}>
      <Card title={page.meta.title}><DetailBody detail={detail} list={{ api: { page: '', get: detail.api!.get }, columns: [] }} entity={entity} id={id} context={params} /></Card>
    </ListComponent.Provider>
  );
}
