/**
 * The browser checks entity fields with validators compiled at `npm run gen` (the CSP forbids
 * ajv's `new Function`). They must give the server's verdict and the server's Chinese message
 * for every writable field of every entity.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import entities from '../../../schemas/generated/entities.json';
import { createAjv, formatAjvError } from '../../../schemas/src/ajv';
import { fieldSchema, type ResolvedEntity } from '../../../schemas/src/entity-schema';
import { entityFieldCheck, loadFieldChecks } from '../../../schemas/src/field-check';
import { emitFieldValidators } from '../../../scripts/gen/field-validators';

const all = entities as unknown as Record<string, ResolvedEntity>;
const ajv = createAjv();

const compiled = new Map<string, { root: object; validate: ReturnType<typeof ajv.compile> }>();
function serverMessage(e: ResolvedEntity, field: string, value: unknown): string | undefined {
  const key = `${e.name}.${field}`;
  if (!compiled.has(key)) {
    const root = { type: 'object', properties: { [field]: fieldSchema(e.fields[field]!) } };
    compiled.set(key, { root, validate: ajv.compile(root) });
  }
  const { root, validate } = compiled.get(key)!;
  return validate({ [field]: value }) ? undefined : formatAjvError(validate.errors![0]!, root);
}

const SAMPLES: unknown[] = [
  'abc', ' ', '\u200b', 'x'.repeat(600), '45.5', 45.5, 46, -3, 0, 2147483648, '12.345', '123456789012345.5',
  '2026-11-27', '2026-11-27 10:00:00', '2026-11-27T02:00:00Z', '2026-13-40', '13800138000', '1380013800',
  'a@b.cn', '310101', '91310000MA1FL8TQ2X', '沪A12345', true, [1, 2], [1, 1], ['a'], { a: 1 },
  [{ name: 'a.pdf', url: '/api/v1/file-base/file/a.pdf' }],
];

describe('generated field validators', () => {
  it('agree with the server’s ajv on every writable field of every entity, message for message', async () => {
    let compared = 0;
    let refused = 0;
    for (const e of Object.values(all)) {
      await loadFieldChecks(e.name);
      for (const [field, f] of Object.entries(e.fields)) {
        if (f.readOnly && !f.editable) continue;
        for (const value of SAMPLES) {
          const server = serverMessage(e, field, value);
          expect(entityFieldCheck(e, field, value), `${e.name}.${field} = ${JSON.stringify(value).slice(0, 40)}`).toBe(server);
          compared++;
          if (server) refused++;
        }
      }
    }
    // Both verdicts occur in quantity: the comparison is not between two always-silent checks.
    expect(compared).toBeGreaterThan(10000);
    expect(refused).toBeGreaterThan(compared / 3);
  }, 120_000);

  it('a crew’s times (岗位系数, 作业人员) are times of day with the end after the start: browser and server say the same', async () => {
    const crews: [string, string, Record<string, unknown>][] = [
      ['delivery', 'workPostRatio', { post: 1, ratio: 1.2, staffIds: [] }],
      ['inStorage', 'workers', { staffId: 1, post: 2 }],
    ];
    for (const [name, field, row] of crews) {
      const e = all[name]!;
      await loadFieldChecks(name);
      const title = e.fields[field]!.title;
      const cases: [Record<string, unknown>, string | undefined][] = [
        [{ startAt: '08:00:00', endAt: '10:30:00' }, undefined],
        [{ startAt: '08:00:00', endAt: null }, undefined],
        [{}, undefined],
        [{ startAt: '10:30:00', endAt: '08:00:00' }, `${title}第1行：结束时间须晚于开始时间`],
        [{ startAt: '08:00:00', endAt: '08:00:00' }, `${title}第1行：结束时间须晚于开始时间`],
        [{ startAt: '2026-11-20 08:00' }, `${title}第1行：开始时间应为时:分:秒（如 08:30:00）`],
        [{ startAt: '08:00:00', endAt: '25:00:00' }, `${title}第1行：结束时间应为时:分:秒（如 08:30:00）`],
      ];
      for (const [times, message] of cases) {
        const value = [{ ...row, ...times }];
        expect(serverMessage(e, field, value), JSON.stringify(value)).toBe(message);
        expect(entityFieldCheck(e, field, value), JSON.stringify(value)).toBe(message);
      }
    }
  });

  it('refuses 45.5 for an integer field with a Chinese message naming the field', async () => {
    await loadFieldChecks('customer');
    expect(entityFieldCheck(all.customer!, 'creditDays', 45.5)).toBe('账期(天)应为整数');
    expect(entityFieldCheck(all.customer!, 'creditDays', 45)).toBeUndefined();
  });

  it('exist for every entity, contain no run-time compilation, and an unloaded entity is an error, not a pass', () => {
    const files = emitFieldValidators(all);
    const dir = readdirSync('schemas/generated/field-validators').map((f) => `schemas/generated/field-validators/${f}`).sort();
    expect(Object.keys(files).sort()).toEqual(dir);
    for (const code of Object.values(files)) {
      expect(code).not.toMatch(/new Function|\beval\(|\brequire\(/);
    }
    expect(() => entityFieldCheck({ ...all.customer!, name: 'notLoaded' }, 'name', 'x')).toThrow('字段校验未加载');
  });
});
