/**
 * When a form's rules speak (see RULE_TRIGGER in schemas/src/form-to-formily.ts): a field is
 * checked when it loses focus and on submit; from then on at every change, so a message leaves
 * as soon as the value is right instead of waiting for the next blur.
 */
import { onFieldChange, onFieldInputValueChange, onFormSubmitValidateStart, type Field } from '@formily/core';
import { RULE_TRIGGER } from '../../../schemas/src/form-to-formily';

export function liveChecks(): void {
  const left = new WeakSet<object>();
  let submitted = false;
  onFormSubmitValidateStart(() => {
    submitted = true;
  });
  onFieldChange('*', ['active'], (field) => {
    if (!(field as Field).active && (field as Field).visited) left.add(field);
  });
  onFieldInputValueChange('*', (field) => {
    // field.validate rejects with the field's own messages when the value is wrong; they are
    // already shown on the field, so the rejection carries nothing left to handle.
    if (submitted || left.has(field) || field.selfErrors.length > 0) field.validate(RULE_TRIGGER).catch(() => undefined);
  });
}

/**
 * What a refused submit says, as one toast: a second save with the form still wrong replaces it
 * instead of stacking the same words twice (antd's message keeps one per key).
 */
export function warnInvalid(message: { warning: (args: { content: string; key: string }) => unknown }): void {
  void message.warning({ content: '请检查表单填写内容', key: 'form-invalid' });
}
