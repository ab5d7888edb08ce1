/**
 * In the browser the form metamodel is checked with a validator compiled at build time
 * (scripts/vite/form-meta-validator.mjs): ajv's run-time compilation needs `new Function`, which the
 * Content-Security-Policy forbids. Imported for its effect by every screen that renders or checks
 * a designer definition (the designer, its dialogs, /view), through FormRenderer.
 */
import compiledFormMeta from 'virtual:form-meta-validator';
import { useCompiledFormMetaValidator } from '../schemas/src/form-meta';

useCompiledFormMetaValidator(compiledFormMeta);
