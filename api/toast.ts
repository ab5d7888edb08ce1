import { message } from 'antd';

/** Error toast of the error catalogue (seed 000 §8): 3 seconds. Kept apart so tests can replace it. */
export function showError(text: string): void {
  void message.error({ content: text, duration: 3 });
}
