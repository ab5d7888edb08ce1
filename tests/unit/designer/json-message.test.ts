import { describe, expect, it } from 'vitest';
import { jsonSyntaxMessage } from '../../../designer/json-message';

describe('the JSON dialog explains a syntax error in Chinese', () => {
  it('names the line and column, never the parser English', () => {
    for (const text of ['{\n  "config": {},\n  "list": [\n}', '{"a": 1,}', '{"a" 1}', '[1, 2', '']) {
      let message = '';
      try {
        JSON.parse(text);
      } catch (err) {
        message = jsonSyntaxMessage(text, err as Error);
      }
      expect(message, text).toMatch(/^JSON 格式错误：/);
      expect(message.replace('JSON', ''), text).not.toMatch(/[A-Za-z]{3,}/);
    }
  });
});
