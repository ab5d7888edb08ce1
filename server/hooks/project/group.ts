/** A project's WeChat group: what the bot posts there, through the organisation's rules of the trigger. */
import type { HookContext } from '../types';
import { enqueueBotMessages } from '../../messaging/wechat-bot';

/**
 * Posts to the project's group through the enabled bot rules of the trigger, and keeps the message
 * with the project's room messages (微信群消息), so it is seen even where no rule sends it out.
 */
export async function postToProjectGroup(ctx: HookContext, projectId: unknown, triggerType: number, content: string): Promise<number | null> {
  if (!ctx.session) return null;
  await enqueueBotMessages(ctx.db, { orgId: ctx.session.orgId, corpId: ctx.session.corpId, triggerType, content });
  const message = (await ctx.q.select('wechatBotMessage').select('wechatBotMessageId').where('triggerType', '=', triggerType)
    .orderBy('wechatBotMessageId', 'desc').executeTakeFirst()) as { wechatBotMessageId: number } | undefined;
  const project = await ctx.q.get('project', Number(projectId));
  await ctx.q.insert('wechatRoomMessage', {
    projectId, roomName: project?.wechatRoomName || `${project?.name ?? ''}项目群`.slice(0, 60), senderName: '项目助手(机器人)',
    direction: 2, msgType: 1, content, sentAt: new Date().toISOString(), wechatBotMessageId: message?.wechatBotMessageId ?? null,
  });
  return message?.wechatBotMessageId ?? null;
}
