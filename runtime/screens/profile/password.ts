/** The new-password rule the server enforces too (auth.changePassword): 8-64 characters, letters and digits. */
export const PASSWORD_RULE_MESSAGE = '新密码应为8至64位，且同时包含字母和数字';

export function passwordProblem(value: string): string | undefined {
  if (value.length < 8 || value.length > 64) return PASSWORD_RULE_MESSAGE;
  if (!/[A-Za-z]/.test(value) || !/\d/.test(value)) return PASSWORD_RULE_MESSAGE;
  return undefined;
}
