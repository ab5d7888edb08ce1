/**
 * Checks a whole form definition before it is accepted (JSON import in the designer, save on the
 * server): the metamodel (schemas/meta/form.schema.json), no executable {{ }} expression, and only
 * same-origin API paths as data addresses. Isomorphic.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import formMeta from '../meta/form.schema.json';
import { findExpression, MSG, unsafeActions } from './designer-rules';
import type { DesignerForm } from './form-to-formily';

let validator: ValidateFunction | undefined;

function compile(): ValidateFunction {
  const ajv = new Ajv2020({ allErrors: false, strict: false });
  return ajv.compile(formMeta as object);
}

/** null when the definition is a valid, safe form; else a Chinese message naming the problem. */
export function checkFormDefinition(definition: unknown): string | null {
  if (!definition || typeof definition !== 'object' || Array.isArray(definition)) return '表单定义必须是包含 config 和 list 的对象';
  const expression = findExpression(definition);
  if (expression) return `表单定义不能包含可执行表达式（${expression}）`;
  validator ??= compile();
  if (!validator(definition)) {
    const errors = validator.errors ?? [];
    const error = errors.find((e) => e.keyword !== 'if' && e.keyword !== 'anyOf' && e.keyword !== 'allOf') ?? errors[0];
    return `表单定义不符合规范：${error?.instancePath || '/'} ${error?.message ?? ''}`.trim();
  }
  if (unsafeActions(definition as DesignerForm).length) return MSG.unsafeAction;
  return null;
}
