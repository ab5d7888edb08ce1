/**
 * Export columns may include when a record was made or changed (the operation log's time column);
 * an import may run inside a caller's transaction (a data-import job, demo data).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadCatalogue } from '../../server/schema/load';
import type { CatalogueEntry } from '../../server/schema/types';
import { freshDatabase } from './helpers/databases';
import type { Database } from '../../server/db/connect';
import { importWorkbook } from '../../server/crud/excel';
import { loadEntities } from '../../server/schema/load';
import { staffPermissions } from '../../server/auth/permissions';

describe('export of creation and change times', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase('pglite');
    const entry = {
      id: 'test.customerTimes', catalogue: 'test', name: 'customerTimes', summary: '客户时间', method: 'GET', path: '/api/v1/test/customer-times',
      routeUrl: '/api/v1/test/customer-times', permission: '@authenticated', handler: 'crud.export', entity: 'customer',
      options: { columns: ['name', 'createdAt', 'updatedAt'] },
    } as unknown as CatalogueEntry;
    app = await buildApp({ database, logger: false, uiDir: false, catalogue: [...loadCatalogue(), entry] });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('writes createdAt and updatedAt as dated columns with their Chinese titles', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { data: { username: 'admin', password: 'Admin@123' } } });
    const token = JSON.parse(login.body).data.token as string;
    const res = await app.inject({ method: 'GET', url: '/api/v1/test/customer-times', headers: { 'access-token': token } });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '客户名称', '创建时间', '更新时间']);
    expect(sheet.getRow(2).getCell(2).value).toBeInstanceOf(Date);
    expect(sheet.rowCount).toBeGreaterThan(10);
  });

  it('imports inside a caller\'s transaction: a check leaves nothing, a commit keeps the valid rows', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('客户');
    sheet.addRow(['*客户名称', '联系电话']);
    sheet.addRow(['事务内导入客户', '13812345678']);
    sheet.addRow(['坏电话客户', '12']);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const db = database.db;
    const admin = (await db.selectFrom('staff as s').innerJoin('account as a', 'a.accountId', 's.accountId').select(['s.staffId', 's.orgId', 's.corpId', 's.accountId'])
      .where('a.username', '=', 'admin').where('s.isDefault', '=', true).executeTakeFirstOrThrow()) as { staffId: number; orgId: number; corpId: number; accountId: number };
    const session = { sessionId: 0, depId: null, ...admin, permissions: await staffPermissions(db, admin.staffId, admin.orgId) };
    const entities = loadEntities();
    const count = async () => ((await db.selectFrom('customer').select('customerId').where('name', '=', '事务内导入客户').execute()) as unknown[]).length;
    const checked = await db.transaction().execute((trx) => importWorkbook({ db: trx, session, entities }, entities.customer!, data, 'check'));
    expect(checked).toMatchObject({ total: 2, valid: 1, imported: 0 });
    expect(await count()).toBe(0);
    const done = await db.transaction().execute((trx) => importWorkbook({ db: trx, session, entities }, entities.customer!, data, 'commit'));
    expect(done).toMatchObject({ imported: 1 });
    expect(done.errors.map((e) => e.row)).toEqual([3]);
    expect(await count()).toBe(1);
  });
});
