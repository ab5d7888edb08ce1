/** What business handlers import to raise notices and bot messages. */
export { emitNotice, remindExpired, NOTICE_OA, NOTICE_EVENT, EVENT_ENQUIRY, type NoticeInput } from './notices';
export { pushDailyCounts, dailyCount } from './message';
export { enqueueBotMessages, drainOutbox, setBotTransport, type BotTransport } from './wechat-bot';
