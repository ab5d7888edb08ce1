/** What other capabilities (the real-time gateway) may use from auth. */
export { verifyToken, onSessionRevoked, type RevokedSession } from './sessions';
export type { Session } from './session-types';
export { sessionResolver } from './resolve';
