/**
 * What the compiled schema needs from the browser at run time, injected by the runtime so this
 * folder stays free of HTTP and DOM: loading dynamic options from a same-origin API path.
 */
import type { FormOption } from '../form-to-formily';

export type DynamicOptionLoader = (action: string) => Promise<FormOption[]>;

let loader: DynamicOptionLoader | undefined;

export function setDynamicOptionLoader(fn: DynamicOptionLoader | undefined): void {
  loader = fn;
}

export function dynamicOptionLoader(): DynamicOptionLoader | undefined {
  return loader;
}
