/** 单位成本: the version a vehicle kind is costed with now stays until another is made current. */
import { defineHooks } from '../types';
import { conflict } from '../../http/errors';

export const unitCostHooks = defineHooks('unitCost', {
  beforeRemove(_ctx, row) {
    if (row.isCurrent) throw conflict('当前版本不能删除，请先将另一版本设为当前');
  },
});
