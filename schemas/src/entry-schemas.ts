/**
 * What a generic (crud.*) catalogue entry accepts and answers, derived from its entity and
 * options, so a catalogue entry names a handler and options and nothing else.
 */
import type { EntryOptions } from './catalogue';
import {
  createSchema, fieldSchema, pageQuerySchema, pageSchema, recordSchema, updateSchema,
  type JSONSchema, type ResolvedEntity,
} from './entity-schema';
import { fieldType } from './fields/registry';
import type { EnumLookup } from './fields/types';

export interface DerivedSchemas {
  query?: JSONSchema;
  body?: JSONSchema;
  response?: JSONSchema;
  /** the entry downloads a file (export, template) or takes an upload (import) */
  binary?: 'download' | 'upload';
}

const refsSchema: JSONSchema = { type: 'object', additionalProperties: { type: 'object', additionalProperties: { type: 'string' } } };

/** Fields that make sense in a spreadsheet column (not secrets, not raw JSON). */
export function exportableFields(e: ResolvedEntity): string[] {
  return Object.entries(e.fields).filter(([, f]) => !f.writeOnly && f.type !== 'json').map(([k]) => k);
}

/**
 * Columns an export call accepts: its declared columns (or every exportable field), plus the
 * record's creation and change times that lists show beside them.
 */
export function exportColumns(e: ResolvedEntity, declared?: string[]): string[] {
  const base = declared ?? exportableFields(e);
  return [...base, ...['createdAt', 'updatedAt'].filter((c) => !base.includes(c))];
}

/** Fields an import may set: writable and representable in a cell. */
export function importableFields(e: ResolvedEntity): string[] {
  return Object.entries(e.fields).filter(([, f]) => !f.readOnly && !f.writeOnly && f.type !== 'json' && f.type !== 'attachments').map(([k]) => k);
}

export function transitionBody(e: ResolvedEntity, name: string, enums: EnumLookup, idInPath: boolean): JSONSchema {
  const t = e.transitions.find((x) => x.name === name);
  const properties: Record<string, JSONSchema> = {};
  if (!idInPath) {
    properties[e.idField] = { type: 'integer', minimum: 1, title: '编号' };
    properties.ids = { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 200, uniqueItems: true, title: '记录' };
  }
  if (e.versioned) properties.version = { type: 'integer', minimum: 1, title: '版本' };
  properties.comment = { type: 'string', maxLength: 500, title: '意见', ...(t?.comment === 'required' ? { 'x-notBlank': true } : {}) };
  const required: string[] = t?.comment === 'required' ? ['comment'] : [];
  // What a transition asks for is what it needs: its form fields are required (as the dialog
  // asks for them, and a text of blanks doesn't count) unless the transition lists them optional.
  for (const field of t?.form ?? []) {
    const f = e.fields[field];
    if (!f) continue;
    const needed = !t?.optional?.includes(field);
    properties[field] = fieldSchema({ ...f, required: needed || f.required }, enums(f.enum ?? ''));
    if (needed || f.required) required.push(field);
  }
  return { type: 'object', title: t?.title ?? name, properties, required, additionalProperties: false };
}

export function entrySchemas(
  handler: string, e: ResolvedEntity, o: EntryOptions, enums: EnumLookup, entities: Record<string, ResolvedEntity>, path = '',
): DerivedSchemas {
  const light = o.fields?.length ? [e.idField, ...o.fields] : undefined;
  const idInPath = path.includes(`{${e.idField}}`);
  const counted: JSONSchema = { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'], additionalProperties: false };
  switch (handler) {
    case 'crud.page':
      return { query: pageQuerySchema(e, o, enums, true, entities), response: pageSchema(recordSchema(e, enums, light)) };
    case 'crud.list':
      return { query: pageQuerySchema(e, o, enums, false, entities), response: { type: 'array', items: recordSchema(e, enums, light) } };
    case 'crud.tree': {
      const node = recordSchema(e, enums, light);
      (node.properties as Record<string, JSONSchema>).children = { type: 'array', title: '下级' };
      return { query: pageQuerySchema(e, o, enums, false, entities), response: { type: 'array', items: node } };
    }
    case 'crud.get': {
      const record = recordSchema(e, enums, undefined, entities, true);
      (record.properties as Record<string, JSONSchema>).refs = refsSchema;
      return { response: record };
    }
    case 'crud.create':
      return { body: createSchema(e, enums, entities), response: recordSchema(e, enums) };
    case 'crud.update':
      return { body: updateSchema(e, enums, entities), response: recordSchema(e, enums) };
    case 'crud.save':
      // Create or update by the body's id: required fields are held by the write pipeline on create.
      // (version, needed to change a versioned record, is asked for by the pipeline only then).
      return { body: { ...updateSchema(e, enums, entities), required: [] }, response: recordSchema(e, enums) };
    case 'crud.remove':
      return { response: { type: 'null' } };
    case 'crud.transition':
      return {
        body: transitionBody(e, o.transition ?? '', enums, idInPath),
        response: { type: 'object', properties: {
          count: { type: 'integer' }, list: { type: 'array', items: recordSchema(e, enums) },
          // what the transition also did, told by its hooks (ctx.say): shown in place of 「<标题>成功」
          message: { type: 'string', title: '提示' },
        }, required: ['count', 'list'], additionalProperties: false },
      };
    case 'crud.audit': {
      const properties: Record<string, JSONSchema> = {};
      if (!idInPath) {
        properties[e.idField] = { type: 'integer', minimum: 1, title: '编号' };
        properties.ids = { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 200, uniqueItems: true, title: '记录' };
      }
      properties.pass = { type: 'boolean', title: '审核结果' };
      properties.comment = { type: 'string', maxLength: 500, title: '审核意见' };
      return { body: { type: 'object', title: '审核', properties, required: ['pass'], additionalProperties: false }, response: counted };
    }
    case 'crud.export': {
      const query = pageQuerySchema(e, o, enums, false, entities);
      const allowed = exportColumns(e, o.columns);
      (query.properties as Record<string, JSONSchema>).columns = { type: 'array', items: { type: 'string', enum: allowed }, maxItems: 200, title: '导出列' };
      return { query, binary: 'download' };
    }
    case 'crud.importTemplate':
      return { binary: 'download' };
    case 'crud.import':
      return {
        // jobId: commit the checked upload recorded as an import job (数据导入) instead of the file again.
        query: { type: 'object', properties: { mode: { type: 'string', enum: ['check', 'commit'], default: 'check', title: '方式' }, jobId: { type: 'integer', minimum: 1, title: '已预检的导入任务' } }, additionalProperties: false },
        binary: 'upload',
        response: {
          type: 'object',
          required: ['total', 'valid', 'imported', 'errors'],
          // An import recorded as a job answers the job's fields too.
          additionalProperties: true,
          properties: {
            total: { type: 'integer' }, valid: { type: 'integer' }, imported: { type: 'integer' },
            failed: { type: 'integer', title: '有错误的行数' }, truncated: { type: 'boolean', title: '错误只列出了一部分' },
            jobId: { type: 'integer', title: '导入任务' },
            errors: { type: 'array', items: { type: 'object', required: ['row', 'message'], properties: { row: { type: 'integer' }, field: { type: 'string' }, fields: { type: 'array', items: { type: 'string' } }, message: { type: 'string' } } } },
          },
        },
      };
    case 'crud.report': {
      const query = pageQuerySchema(e, { filters: o.filters, mine: o.mine }, enums, false, entities);
      const props = query.properties as Record<string, JSONSchema>;
      delete props.sortField;
      delete props.sortOrder;
      delete props.keyword;
      const dims = (o.report?.dimensions ?? []).map((d) => d.name ?? d.field);
      props.dims = { type: 'array', items: { type: 'string', enum: dims }, maxItems: 3, title: '维度' };
      props.export = { type: 'boolean', title: '导出Excel' };
      if ((o.report?.measures ?? []).some((m) => m.window)) props.asOf = { type: 'string', format: 'date', title: '报表日期' };
      return {
        query,
        response: {
          type: 'object',
          required: ['rows', 'summary', 'dimensions', 'measures'],
          additionalProperties: false,
          properties: {
            rows: { type: 'array', items: { type: 'object' } },
            summary: { type: 'object' },
            dimensions: { type: 'array', items: { type: 'object' } },
            measures: { type: 'array', items: { type: 'object' } },
            refs: refsSchema,
          },
        },
      };
    }
    default:
      return {};
  }
}

/** Whether a field can be exported as text in a cell; used by the generator's cross-checks. */
export function isCellField(e: ResolvedEntity, field: string): boolean {
  const f = e.fields[field];
  return !!f && fieldType(f).excel !== undefined;
}
