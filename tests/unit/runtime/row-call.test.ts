/** The one path-parameter rule of screen actions (runtime/renderers/common/actionRequest.ts). */
import { describe, expect, it } from 'vitest';
import { rowCallArgs } from '../../../runtime/renderers/common/rowCall';
import { checkFillable, fillParams, MissingPathParam, paramSources, planCalls } from '../../../runtime/renderers/common/actionRequest';

const schedule = { idField: 'scheduleId', fields: ['scheduleNo', 'demandId', 'projectId', 'scheduleStatus'] };

describe('row actions call their entry with the row', () => {
  it('fills path parameters from the row, and a single unknown one with the row id', () => {
    expect(rowCallArgs('organization.disable', { orgId: 7, name: '甲' }, 'orgId')).toEqual({ params: { orgId: 7 }, body: {} });
    expect(rowCallArgs('organization.disable', { id: 7 }, 'id')).toEqual({ params: { orgId: 7 }, body: {} });
  });

  it('puts the row id in the body when the path names no parameter', () => {
    expect(rowCallArgs('customer.save', { customerId: 3 }, 'customerId')).toEqual({ params: {}, body: { customerId: 3 } });
  });
});

describe('the path-parameter rule', () => {
  it('the id field fills its own name; a transition sends its version, and its id in the body only when the path lacks it', () => {
    expect(planCalls('/s/{scheduleId}/load', schedule, [{ scheduleId: 9, version: 3 }], {}, { idInBody: true, version: true }))
      .toEqual([{ params: { scheduleId: 9 }, body: { version: 3 } }]);
    expect(planCalls('/s/submit', schedule, [{ scheduleId: 9, version: 3 }], {}, { idInBody: true, version: true }))
      .toEqual([{ params: {}, body: { scheduleId: 9, version: 3 } }]);
  });

  it('a field of the record fills a parameter of its name, before the context', () => {
    expect(fillParams('/p/{projectId}/s/{scheduleId}', { scope: schedule, record: { scheduleId: 9, projectId: 4 }, context: { projectId: 5 } })).toEqual({ projectId: 4, scheduleId: 9 });
  });

  it('the route or fixed context fills what the record does not name', () => {
    expect(fillParams('/c/{contractId}/s/{scheduleId}', { scope: schedule, record: { scheduleId: 9 }, context: { contractId: 2 } })).toEqual({ contractId: 2, scheduleId: 9 });
    expect(paramSources('/c/{contractId}/s/{scheduleId}', { ...schedule, context: ['contractId'] })).toEqual([{ name: 'contractId', from: 'context' }, { name: 'scheduleId', from: 'id' }]);
  });

  it('a single unknown id-like parameter takes the record id; two unknown ones, or a non-id name, are not guessed', () => {
    expect(fillParams('/x/{id}/pay', { scope: schedule, record: { scheduleId: 9 } })).toEqual({ id: 9 });
    expect(paramSources('/x/{id}/{otherId}', schedule).map((p) => p.from)).toEqual([null, null]);
    expect(paramSources('/x/{code}', schedule).map((p) => p.from)).toEqual([null]);
  });

  it('a parameter nothing fills throws a clear Chinese error before any request', () => {
    expect(() => fillParams('/d/{demandId}/revoke', { scope: schedule, record: { scheduleId: 9, demandId: null } })).toThrow(MissingPathParam);
    expect(() => fillParams('/x/{code}', { scope: schedule, record: { scheduleId: 9 } })).toThrow('缺少路径参数 code');
  });

  it('several rows: once per row when the path names the record, else once with ids', () => {
    const rows = [{ scheduleId: 1 }, { scheduleId: 2 }];
    expect(planCalls('/s/{scheduleId}/load', schedule, rows, {}, { idInBody: true, values: { comment: '好' } }))
      .toEqual([{ params: { scheduleId: 1 }, body: { comment: '好' } }, { params: { scheduleId: 2 }, body: { comment: '好' } }]);
    expect(planCalls('/s/audit', schedule, rows, {}, { idInBody: true, values: { pass: true } })).toEqual([{ params: {}, body: { ids: [1, 2], pass: true } }]);
    expect(planCalls('/c/{contractId}/s/batch', schedule, rows, { contractId: 5 })).toEqual([{ params: { contractId: 5 }, body: { ids: [1, 2] } }]);
  });

  it('a dialog value fills a parameter of its name first (交接 to the manager chosen, not the current one)', () => {
    expect(planCalls('/x/{code}', schedule, [{ scheduleId: 9 }], {}, { values: { code: 'A' } })).toEqual([{ params: { code: 'A' }, body: { code: 'A' } }]);
    const supplier = { idField: 'supplierId', fields: ['managerStaffId'] };
    expect(planCalls('/s/{supplierId}/handover/{managerStaffId}', supplier, [{ supplierId: 3, managerStaffId: 7 }], {}, { values: { managerStaffId: 8 } })[0]!.params).toEqual({ supplierId: 3, managerStaffId: 8 });
  });

  it('the click\'s check counts a parameter the dialog asks for as filled, even when the record has none yet (a new supplier without a manager)', () => {
    const supplier = { idField: 'supplierId', fields: ['managerStaffId'] };
    const path = '/s/{supplierId}/handover/{managerStaffId}';
    expect(() => checkFillable(path, supplier, [{ supplierId: 3, managerStaffId: null }], {}, ['managerStaffId'])).not.toThrow();
    expect(() => checkFillable(path, supplier, [{ supplierId: 3, managerStaffId: null }], {}, [])).toThrow('缺少路径参数 managerStaffId');
  });
});
