/** Truck and driver rules (DOMAIN §3.4, §4.1): plate colours by plate shape, what may be removed. */
import { defineHooks } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { plateColorProblem } from '../../resources/plates';

export const TRUCK_STATUS = { idle: 1, onTask: 2, repair: 3, disabled: 4, scrapped: 5 } as const;

export const companyTruckHooks = defineHooks('companyTruck', {
  validate(_ctx, r) {
    const problem = plateColorProblem(r.truckLicensePlate, r.plateColor, r.vehicleKind);
    if (problem) throw badRequest(problem, { field: 'plateColor' });
    if (typeof r.trailerPlate === 'string' && r.trailerPlate && !r.trailerPlate.endsWith('挂')) throw badRequest('挂车号应以“挂”结尾', { field: 'trailerPlate' });
    if (r.trailerPlate && r.trailerPlate === r.truckLicensePlate) throw badRequest('挂车号不能与车牌号相同', { field: 'trailerPlate' });
  },
  beforeRemove(_ctx, row) {
    if (row.status === TRUCK_STATUS.onTask) throw conflict('任务中的车辆不能删除');
  },
});

export const platformTruckHooks = defineHooks('platformTruck', {
  validate(_ctx, r) {
    const problem = plateColorProblem(r.truckLicensePlate, r.plateColor, r.vehicleKind);
    if (problem) throw badRequest(problem, { field: 'plateColor' });
  },
  beforeSave(_ctx, values, prev) {
    if (!prev) values.registeredAt = new Date().toISOString();
  },
  async beforeRemove(ctx, row) {
    const d = await ctx.q.select('driver').select('driverId').where('platformTruckId', '=', row.platformTruckId).limit(1).executeTakeFirst();
    if (d) throw conflict('该车辆有登记的常驾司机，请先修改司机信息');
  },
});

export const driverHooks = defineHooks('driver', {
  async validate(ctx, r) {
    if (r.platformTruckId && r.supplierId) {
      const truck = await ctx.q.get('platformTruck', Number(r.platformTruckId));
      if (truck && truck.supplierId !== Number(r.supplierId)) throw badRequest('常驾车辆不属于该供应商', { field: 'platformTruckId' });
    }
  },
});
