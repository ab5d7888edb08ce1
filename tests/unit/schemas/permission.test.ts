import { describe, expect, it } from 'vitest';
import { hasPermission, matchesRoles, grants } from '../../../schemas/src/permission';

describe('colon-prefix permission rule (seed 000 §6)', () => {
  it('holding a name grants itself and its colon children', () => {
    expect(hasPermission(['商务'], '商务')).toBe(true);
    expect(hasPermission(['商务'], '商务:客户列表')).toBe(true);
    expect(hasPermission(['商务'], '商务:客户列表:编辑')).toBe(true);
  });
  it('a name does not grant a sibling that merely shares its prefix', () => {
    expect(hasPermission(['商务'], '商务拓展')).toBe(false);
    expect(grants('财务:资金事项', '财务:资金事项汇总')).toBe(false);
  });
  it('a child does not grant its parent on the server', () => {
    expect(hasPermission(['商务:客户列表'], '商务')).toBe(false);
    expect(hasPermission(['商务:客户列表:编辑'], '商务:客户列表')).toBe(false);
  });
  it('a requirement naming alternatives is met by any one of them, each by the prefix rule', () => {
    const costContracts = '合同:成本合同|调度:查看|调度:编辑';
    expect(hasPermission(['合同:成本合同'], costContracts)).toBe(true);
    expect(hasPermission(['调度'], costContracts)).toBe(true);
    expect(hasPermission(['调度:查看'], costContracts)).toBe(true);
    expect(hasPermission(['合同:收入合同', '调度:额外操作'], costContracts)).toBe(false);
    expect(hasPermission([], costContracts)).toBe(false);
  });
  it('a screen\'s 仅查看 leaf grants the screen itself, not its 编辑 or 审核, nor its siblings', () => {
    const readOnly = ['商务:客户列表:仅查看'];
    expect(hasPermission(readOnly, '商务:客户列表')).toBe(true);
    expect(hasPermission(readOnly, '商务:客户列表:仅查看')).toBe(true);
    expect(hasPermission(readOnly, '商务:客户列表:编辑')).toBe(false);
    expect(hasPermission(readOnly, '商务:客户列表:审核')).toBe(false);
    expect(hasPermission(readOnly, '商务:线索列表')).toBe(false);
    expect(hasPermission(readOnly, '商务')).toBe(false);
    expect(hasPermission(['商务:客户列表'], '商务:客户列表:仅查看')).toBe(true);
    expect(matchesRoles(readOnly, ['商务:客户列表'])).toBe(true);
    expect(matchesRoles(readOnly, ['商务'])).toBe(true);
    expect(matchesRoles(readOnly, ['商务:线索列表'])).toBe(false);
  });
  it('no permissions grant nothing but the pseudo-permissions', () => {
    expect(hasPermission([], '商务')).toBe(false);
    expect(hasPermission([], '@authenticated')).toBe(true);
    expect(hasPermission([], '@public')).toBe(true);
  });
});

describe('route visibility', () => {
  it('a route without roles is visible to any session', () => {
    expect(matchesRoles([], undefined)).toBe(true);
    expect(matchesRoles([], [])).toBe(true);
  });
  it('a role equal to, or more specific than, a listed role shows the route', () => {
    expect(matchesRoles(['商务:客户列表'], ['商务'])).toBe(true);
    expect(matchesRoles(['商务:客户列表'], ['商务:客户列表'])).toBe(true);
    expect(matchesRoles(['集团管理'], ['公司管理', '集团管理'])).toBe(true);
  });
  it('a broader held name also shows a more specific route (one matcher with the server)', () => {
    expect(matchesRoles(['商务'], ['商务:客户列表'])).toBe(true);
  });
  it('unrelated roles hide the route', () => {
    expect(matchesRoles(['财务'], ['商务:客户列表'])).toBe(false);
    expect(matchesRoles(['商务拓展'], ['商务'])).toBe(false);
  });
});
