export interface Session {
  sessionId: number;
  accountId: number;
  staffId: number;
  orgId: number;
  corpId: number;
  depId: number | null;
  permissions: string[];
}
