import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createPgPool } from '../../server/db/connect';
import { MAX_NAMED } from '../../server/db/prepared';
import { PG_URL, postgresReachable } from './helpers/databases';

// Statements are named per connection (server/db/prepared.ts): what a caller must never notice.
const reachable = await postgresReachable();

describe.skipIf(!reachable)('named prepared statements on PostgreSQL', () => {
  const schema = `prep_${process.pid}_${Date.now()}`;
  let pool: pg.Pool;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}; create table ${schema}.t (a int)`);
    await admin.query(`insert into ${schema}.t values (1), (2)`);
    await admin.end();
    pool = createPgPool(PG_URL, { max: 1, options: `-c search_path=${schema}` });
  });
  afterAll(async () => {
    await pool.query(`drop schema ${schema} cascade`);
    await pool.end();
  });

  it('answers the same text with new values, and keeps answering after its table gains a column', async () => {
    const client = await pool.connect();
    try {
      const text = 'select * from t where a = $1';
      expect((await client.query(text, [1])).rows).toEqual([{ a: 1 }]);
      expect((await client.query(text, [2])).rows).toEqual([{ a: 2 }]);
      const prepared = await client.query('select count(*)::int as n from pg_prepared_statements where statement = $1', [text]);
      expect(prepared.rows[0].n).toBe(1);
      // A restore or a newer version adds columns under a running server: the statement's result changes shape.
      await client.query('alter table t add column b text default $$x$$');
      expect((await client.query(text, [1])).rows).toEqual([{ a: 1, b: 'x' }]);
    } finally {
      client.release();
    }
  });

  it('names at most MAX_NAMED statements on one connection, and runs the others unnamed', async () => {
    const client = await pool.connect();
    try {
      for (let i = 0; i < MAX_NAMED + 20; i++) {
        expect((await client.query(`select $1::int + ${i} as v`, [1])).rows[0].v).toBe(1 + i);
      }
      const n = (await client.query('select count(*)::int as n from pg_prepared_statements', [])).rows[0].n;
      expect(n).toBeLessThanOrEqual(MAX_NAMED);
      expect(n).toBeGreaterThan(MAX_NAMED - 5);
    } finally {
      client.release();
    }
  });
});
