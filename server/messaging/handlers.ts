/** Named handlers of the message-base catalogue files, registered in server/handlers/index.ts. */
import type { Handler } from '../crud/context';
import { noticeHandlers } from './notices';
import { dailyHandlers } from './daily';
import { chatHandlers } from './chat';
import { wechatBotHandlers } from './wechat-bot';

export const messagingHandlers: Record<string, Handler> = {
  ...noticeHandlers,
  ...dailyHandlers,
  ...chatHandlers,
  ...wechatBotHandlers,
};
