/** 企业微信配置: secrets are write-only; the form shows whether one is set, and an empty field keeps it. */
import { defineHooks } from '../types';

export const wechatConfigHooks = defineHooks('wechatConfig', {
  beforeSave(_ctx, values) {
    if (typeof values.secret === 'string' && values.secret) values.secretSet = true as never;
  },
});
