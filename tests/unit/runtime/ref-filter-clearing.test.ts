/**
 * The form clears a reference whose filterBy names a field that changed, when its target no
 * longer passes (runtime/renderers/form/fillIns.ts refFilterEffects, part of formEffects): the
 * 派车 form's driver (filterBy supplierId: "{supplierId}") goes with carrier A when the user picks
 * carrier B, and the fields it filled (fetchFrom) go with it. A driver of B, or a carrier cleared
 * (no filter left), keeps the value.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createForm } from '@formily/core';

const drivers: Record<number, { value: number; label: string; supplierId: number | null }> = {
  11: { value: 11, label: '王师傅', supplierId: 1 },
  12: { value: 12, label: '李师傅', supplierId: 2 },
};
const fetchOptions = vi.fn(async (_entity: string, q: { ids?: number[] }) => (q.ids ?? []).map((id) => drivers[id]!).filter(Boolean));
vi.mock('../../../runtime/reference/titles', async (original) => ({ ...(await original<object>()), fetchOptions: (...a: unknown[]) => fetchOptions(...(a as [string, { ids?: number[] }])) }));
vi.mock('../../../api/call', async (original) => ({ ...(await original<object>()), invoke: async () => ({}) }));

const { formEffects } = await import('../../../runtime/renderers/form/fillIns');

const entity = {
  name: 'fixtureSchedule',
  fields: {
    supplierId: { type: 'reference', ref: 'supplier' },
    driverId: { type: 'reference', ref: 'driver', filterBy: { supplierId: '{supplierId}' } },
    driverName: { type: 'string', fetchFrom: 'driverId.name' },
    driverPhone: { type: 'string', fetchFrom: 'driverId.mobile' },
    remark: { type: 'string' },
  },
};

const settle = () => new Promise((r) => setTimeout(r, 0));

function editForm() {
  const form = createForm({ effects: formEffects(entity, 'edit') });
  form.setInitialValues({ supplierId: 1, driverId: 11, driverName: '王师傅', driverPhone: '13900000001', remark: '夜间' });
  for (const k of Object.keys(entity.fields)) form.createField({ name: k });
  return form;
}

afterEach(() => fetchOptions.mockClear());

describe('a reference whose filter no longer holds is cleared', () => {
  it('changing the carrier clears the other carrier’s driver and what it filled', async () => {
    const form = editForm();
    form.setValuesIn('supplierId', 2);
    await settle();
    expect(fetchOptions).toHaveBeenCalledWith('driver', { ids: [11] });
    expect(form.getValuesIn('driverId')).toBeUndefined();
    expect(form.getValuesIn('driverName')).toBeUndefined();
    expect(form.getValuesIn('driverPhone')).toBeUndefined();
    expect(form.getValuesIn('remark')).toBe('夜间');
  });

  it('a driver that still matches the new carrier stays', async () => {
    const form = editForm();
    form.setValuesIn('driverId', 12);
    form.setValuesIn('supplierId', 2);
    await settle();
    expect(form.getValuesIn('driverId')).toBe(12);
  });

  it('clearing the carrier leaves no filter: the driver stays (as the picker and the server treat a blank placeholder)', async () => {
    const form = editForm();
    form.setValuesIn('supplierId', undefined);
    await settle();
    expect(fetchOptions).not.toHaveBeenCalled();
    expect(form.getValuesIn('driverId')).toBe(11);
  });

  it('a view form runs nothing', async () => {
    const form = createForm({ effects: formEffects(entity, 'view') });
    form.setInitialValues({ supplierId: 1, driverId: 11 });
    form.createField({ name: 'supplierId' });
    form.setValuesIn('supplierId', 2);
    await settle();
    expect(form.getValuesIn('driverId')).toBe(11);
  });
});
