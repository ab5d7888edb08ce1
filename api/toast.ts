/**
 * Error toast of the error catalogue (seed 000 §8): 3 seconds. antd's message is loaded on the
 * first error so the login page's initial JS stays small; kept apart so tests can replace it.
 */
export function showError(text: string): void {
  void import('antd/es/message').then(({ default: message }) => message.error({ content: text, duration: 3 }));
}
