import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../../server/db/connect';
import { syncEntities } from '../../server/db/sync';
import { runMigrations } from '../../server/db/migrate';
import type { EntityMap, ResolvedEntity } from '../../server/schema/types';
import { backends, freshDatabase } from './helpers/databases';

const gadget = (extra: Record<string, any> = {}): ResolvedEntity => ({
  name: 'gadget', title: '小工具', table: 'gadget', idField: 'gadgetId', tenant: 'org', versioned: true, customFields: true, search: [], defaultSort: { field: 'gadgetId', order: 'desc' },
  fields: {
    title: { type: 'string', title: '名称', column: 'title', maxLength: 40, required: true },
    price: { type: 'money', title: '价格', column: 'price' },
    ...extra,
  },
  indexes: [{ fields: ['title'], unique: true, message: '名称重复' }],
  log: true, transitions: [], stateFields: [], children: {},
});

describe.each(await backends())('schema sync on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(backend);
  });
  afterAll(async () => database?.close());

  const columns = async () =>
    (await sql<{ columnName: string; dataType: string }>`select column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name = 'gadget' order by ordinal_position`.execute(database.db)).rows;

  it('creates the table with system columns, then adds new columns without dropping any', async () => {
    await syncEntities(database.db, { gadget: gadget() } as EntityMap);
    const first = (await columns()).map((c) => c.columnName);
    expect(first).toEqual(expect.arrayContaining(['gadget_id', 'corp_id', 'org_id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by', 'custom', 'title', 'price']));
    await database.db.insertInto('gadget').values({ corpId: 1, orgId: 1, title: '扳手', price: '12.50' }).execute();

    const { title: _dropped, ...rest } = gadget().fields;
    const next = { ...gadget(), fields: { ...rest, weight: { type: 'number', title: '重量', column: 'weight', precision: 10, scale: 3 } }, indexes: [] } as ResolvedEntity;
    await syncEntities(database.db, { gadget: next });
    await syncEntities(database.db, { gadget: next });
    const after = await columns();
    expect(after.map((c) => c.columnName)).toEqual(expect.arrayContaining(['title', 'weight']));
    const row = (await database.db.selectFrom('gadget').selectAll().executeTakeFirstOrThrow()) as any;
    expect(row).toMatchObject({ title: '扳手', price: '12.50', version: 1, custom: {}, weight: null });
  });

  it('makes unique indexes per organisation', async () => {
    await database.db.insertInto('gadget').values({ corpId: 1, orgId: 2, title: '扳手' }).execute();
    await expect(database.db.insertInto('gadget').values({ corpId: 1, orgId: 2, title: '扳手' }).execute()).rejects.toMatchObject({ code: '23505' });
  });

  it('applies each migration once', async () => {
    expect(await runMigrations(database.db)).toEqual([]);
  });
});
