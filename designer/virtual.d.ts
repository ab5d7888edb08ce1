/** Built by scripts/vite/form-meta-validator.mjs: the form metamodel validator without `new Function`. */
declare module 'virtual:form-meta-validator' {
  import type { ValidateFunction } from 'ajv';
  const validate: ValidateFunction;
  export default validate;
}
