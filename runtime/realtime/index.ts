export { realtime, RealtimeConnection } from './client';
export { RealtimeHeader } from './RealtimeHeader';
export { NotificationBox } from './NotificationBox';
export { ChatBadge, DailyMattersBadge, useDailyCount } from './badges';
export { useMessageState, getMessageState, adjustDailyCount } from './store';
export * from './types';
