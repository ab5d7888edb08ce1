/**
 * Shapes of the entity metamodel (schemas/meta/entity.schema.json) as the generator, the server
 * and the browser read them. One definition here; everything else imports it.
 */

export type FieldType =
  | 'string' | 'text' | 'integer' | 'bigint' | 'number' | 'money' | 'boolean' | 'date' | 'datetime' | 'json'
  | 'enum' | 'reference' | 'references' | 'region' | 'attachments';

export type JSONSchema = Record<string, unknown>;

export interface FieldDef {
  type: FieldType;
  title: string;
  description?: string;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  /** Chinese message (without the field's title) when pattern or format fails */
  patternMessage?: string;
  format?: 'uscc' | 'mobile' | 'phone' | 'email' | 'idcard' | 'plate' | 'bankAccount';
  minimum?: number;
  maximum?: number;
  precision?: number;
  scale?: number;
  /** enum: the enumeration's name in schemas/enums */
  enum?: string;
  /** enum stored as a list of codes */
  multiple?: boolean;
  /** reference, references: the entity pointed at */
  ref?: string;
  /**
   * reference, references: the picker lists only targets whose lookup fields equal these values;
   * a "{field}" value takes this record's (or the open form's) value of that field, so one picker
   * depends on another (the enquiries of the chosen clue, the quotes of this enquiry);
   * `{ field, map }` takes the value `map` gives for that field's value (承运类型 2 → 供应商类型 1)
   */
  filterBy?: Record<string, string | number | boolean | { field: string; map: Record<string, string | number | boolean> }>;
  /** filterBy's rule on save also accepts targets whose fields equal these constants (not offered by the picker) */
  filterAlso?: Record<string, string | number | boolean>;
  /**
   * "<referenceField>.<fieldOfTarget>": picking the reference fills this field with the target's
   * value (in the form, and on the server when the body leaves it blank or the field is readOnly)
   */
  fetchFrom?: string;
  /** computed from this record's fields (schemas/src/formula.ts); read-only, form and server alike */
  formula?: string;
  default?: unknown;
  /** set by the server (numbers, derived values, states); ignored in create/update bodies */
  readOnly?: boolean;
  /** a document number the user may overwrite after creation (paper contract numbers) */
  editable?: boolean;
  /** never returned (secrets); shown as ****** */
  writeOnly?: boolean;
  /** json: JSON Schema of the value */
  items?: Record<string, unknown>;
  unique?: boolean;
  uniqueMessage?: string;
  index?: boolean;
  /** date: warn when the date is past (red) or within the warning window (orange) */
  expiry?: boolean;
  /** masked in list responses */
  mask?: 'idcard' | 'mobile' | 'bankAccount';
  /** list width hint for renderers */
  width?: number;
  column?: string;
}

export type StateValue = number | string;

export interface ApprovalDef {
  /** process-template business type (DOMAIN §3.8): decides the approval chain */
  bizType: number;
  /** who may approve when the organisation has no template for bizType */
  permission: string;
  /** the state while waiting for approval */
  pending: StateValue;
  /** the state a rejection returns to */
  rejectTo: StateValue;
  /** a money field whose amount decides which template nodes apply */
  amountField?: string;
  /** an integer field of the record that names the business type instead (资金事项: bizType = matterType) */
  bizTypeField?: string;
}

export interface TransitionDef {
  name: string;
  title: string;
  from: StateValue[];
  to: StateValue;
  permission?: string;
  /** fields the user fills in when acting (a small form); they are written with the state */
  form?: string[];
  /** Fields of `form` that may be left empty. */
  optional?: string[];
  /** a comment box: none (default), optional or required */
  comment?: 'none' | 'optional' | 'required';
  confirm?: string;
  /** the transition goes through the approval flow: pending first, `to` once approved */
  approval?: ApprovalDef;
  /** offered as a batch action on selected rows */
  batch?: boolean;
  /** performed by the system (hooks, jobs), never offered as a button */
  system?: boolean;
  danger?: boolean;
}

export interface StateMachineDef {
  transitions: TransitionDef[];
}

export interface AuditDef {
  field: string;
  bizType: number;
  permission: string;
  submitPermission?: string;
  amountField?: string;
  /** an integer field naming the process business type per record (bizType is the fallback) */
  bizTypeField?: string;
}

export interface ChildDef {
  entity: string;
  /** the child's field holding the parent id */
  key: string;
  title: string;
  min?: number;
  max?: number;
}

export interface EntityDef {
  name: string;
  title: string;
  table?: string;
  idField?: string;
  tenant?: 'org' | 'corp' | 'none';
  versioned?: boolean;
  customFields?: boolean;
  titleField?: string;
  /** seed module code (1 客户 … 9 财务, DOMAIN additions) for the operation log */
  module?: number;
  /** writes are recorded in the operation log (default true) */
  log?: boolean;
  number?: { field: string; prefix: string };
  ownerField?: string;
  parentField?: string;
  /** a record another row refers to (a reference(s) field naming this entity) is not deleted (409) */
  inUseGuard?: boolean;
  fields: Record<string, FieldDef>;
  indexes?: { fields: string[]; unique?: boolean; message?: string }[];
  search?: string[];
  defaultSort?: { field: string; order?: 'asc' | 'desc' };
  states?: Record<string, StateMachineDef>;
  audit?: AuditDef;
  children?: Record<string, ChildDef>;
  lookup?: { fields?: string[]; filter?: Record<string, unknown>; permission?: string; label?: string[] };
}

export type ResolvedField = FieldDef & { column: string };

export interface ResolvedTransition extends TransitionDef {
  field: string;
}

export interface ResolvedEntity {
  name: string;
  title: string;
  table: string;
  idField: string;
  tenant: 'org' | 'corp' | 'none';
  versioned: boolean;
  customFields: boolean;
  titleField?: string;
  module?: number;
  log: boolean;
  number?: { field: string; prefix: string };
  ownerField?: string;
  parentField?: string;
  inUseGuard?: boolean;
  fields: Record<string, ResolvedField>;
  indexes: { fields: string[]; unique: boolean; message?: string }[];
  search: string[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** every transition of every state field, audit expanded */
  transitions: ResolvedTransition[];
  /** fields only transitions may change */
  stateFields: string[];
  audit?: AuditDef;
  children: Record<string, ChildDef>;
  lookup?: { fields: string[]; filter: Record<string, unknown>; permission: string; label?: string[] };
}

export type EntityMap = Record<string, ResolvedEntity>;

export type EnumLookup = (name: string) => (string | number)[] | undefined;
