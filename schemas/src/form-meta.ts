/**
 * Checks a whole form definition before it is accepted (JSON import in the designer, save on the
 * server): the metamodel (schemas/meta/form.schema.json), no executable {{ }} expression, and only
 * same-origin API paths as data addresses. Isomorphic.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import formMeta from '../meta/form.schema.json';
import settingsForm from '../forms/designer/formSettings.json';
import { formatAjvError } from './ajv';
import { componentOf } from './components/registry';
import { duplicateId, findExpression, MSG, unknownLayoutMessage, unsafeActions } from './designer-rules';
import type { DesignerForm, DesignerItem } from './form-to-formily';

let validator: ValidateFunction | undefined;

/**
 * The browser hands in a validator compiled at build time (scripts/vite/form-meta-validator.ts):
 * compiling here uses `new Function`, which the page's Content-Security-Policy forbids.
 */
export function useCompiledFormMetaValidator(compiled: ValidateFunction): void {
  validator = compiled;
}

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
    return error ? describeMetaError(definition, error) : '表单定义不符合规范';
  }
  if (unsafeActions(definition as DesignerForm).length) return MSG.unsafeAction;
  // Two components with one id: selecting, editing or deleting one would act on the other.
  const dup = duplicateId((definition as DesignerForm).list);
  if (dup) return `表单定义不符合规范：组件ID「${dup}」重复，${MSG.duplicateId}`;
  return null;
}

const CONFIG_LABELS: Record<string, string> = Object.fromEntries(
  (settingsForm.list as { id: string; label?: string }[]).map((item) => [item.id, item.label ?? item.id]),
);

/** Where an instance path points, in the words of the designer: the component and its property's panel label. */
function locate(definition: unknown, instancePath: string): { where: string; item?: DesignerItem; prop: string[] } {
  const segments = instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = definition;
  let item: DesignerItem | undefined;
  let rest: string[] = segments;
  segments.forEach((segment, index) => {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined;
    if (node && typeof node === 'object' && typeof (node as DesignerItem).compType === 'string') {
      item = node as DesignerItem;
      rest = segments.slice(index + 1);
    }
  });
  if (item) {
    const name = (typeof item.label === 'string' && item.label) || componentOf(item.compType)?.compName || item.compType;
    return { where: `组件「${name}」(${item.id ?? '无ID'})`, item, prop: rest };
  }
  if (segments[0] === 'config') return { where: '表单配置', prop: segments.slice(1) };
  return { where: '表单定义', prop: segments };
}

/**
 * One Chinese sentence for a metamodel error, naming the component and the property as the
 * property panel does ("组件「文字」(fd_1)的粗细应为100的倍数"), for the JSON dialog and the server.
 */
export function describeMetaError(definition: unknown, error: ErrorObject): string {
  const { where, item, prop } = locate(definition, error.instancePath);
  const key = prop.join('.');
  const params = error.params as Record<string, unknown>;
  const value = prop.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), item ?? definition);
  // Seed 001 §5 gives this one its own words.
  if (item && key === 'layout' && error.keyword === 'enum') return unknownLayoutMessage(String(value));
  const prefix = '表单定义不符合规范：';
  if (item && key === 'compType' && error.keyword === 'enum') return `${prefix}不支持的组件类型：${String(value)}`;
  if (item && key === 'id' && error.keyword === 'pattern') return `${prefix}${where}：${MSG.invalidId}`;
  if (error.keyword === 'required') return `${prefix}${where}缺少必填属性：${String(params.missingProperty)}`;
  if (error.keyword === 'additionalProperties') return `${prefix}${where}不允许的属性：${String(params.additionalProperty)}`;
  const label = item
    ? componentOf(item.compType)?.panel.find((field) => field.prop === key)?.label ?? key
    : where === '表单配置' ? CONFIG_LABELS[key] ?? key : key;
  const field = key ? `${where}的${label}` : where;
  // formatAjvError names a field by the title of the schema at the path: give it ours.
  return prefix + formatAjvError({ ...error, instancePath: '' }, { title: field });
}
