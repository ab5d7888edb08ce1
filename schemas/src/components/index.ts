/** The one component registry (see registry.ts); importing it also registers the Formily compilers. */
import './compile';

export * from './types';
export * from './registry';
export { setDynamicOptionLoader } from './runtime-hooks';
export { richTextLength } from './compile';
