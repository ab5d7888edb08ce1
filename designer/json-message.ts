/** JSON.parse explains itself in English: say where the mistake is, in Chinese. */
export function jsonSyntaxMessage(text: string, err: Error): string {
  const m = /line (\d+) column (\d+)/.exec(err.message) ?? null;
  let line = m ? Number(m[1]) : 0;
  let column = m ? Number(m[2]) : 0;
  const at = /position (\d+)/.exec(err.message);
  if (!m && at) {
    const before = text.slice(0, Number(at[1])).split('\n');
    line = before.length;
    column = before.at(-1)!.length + 1;
  }
  if (!text.trim()) return 'JSON 格式错误：内容为空';
  return line ? `JSON 格式错误：第 ${line} 行第 ${column} 列附近有语法错误` : 'JSON 格式错误：内容不完整或有语法错误';
}
