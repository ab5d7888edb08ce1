/** 消息 (chat): the realtime module's chat screen, offered to pages under the name `Chat`. */
export { default } from '../realtime/ChatPage';
