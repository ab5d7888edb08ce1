export interface Session {
  sessionId: number;
  accountId: number;
  staffId: number;
  orgId: number;
  corpId: number;
  depId: number | null;
  permissions: string[];
  /**
   * someone outside the staff acting through this session (a driver's link: 「司机 张三」): logs
   * and nodes name them instead of the staff member the session borrows its organisation from
   */
  actorName?: string;
}
