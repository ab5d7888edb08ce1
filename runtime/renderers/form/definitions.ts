/** Option sources of forms known in the browser: enumerations and the region tree. */
import type { FormOption } from '../../../schemas/src/form-to-formily';
import { enumOptions } from '../../reference/enums';
import { regionTree } from '../../reference/lists';
import { regionIndexFor } from '../../reference/region';

/** Loads the cached lists a form needs, then answers option look-ups synchronously. References search on their own. */
export async function prepareOptions(sources: string[]): Promise<(source: string) => FormOption[] | undefined> {
  if (sources.includes('region')) await regionTree.get();
  return (source) => {
    if (source.startsWith('enum:')) return enumOptions(source.slice('enum:'.length));
    if (source === 'region') return regionIndexFor(regionTree.peek() ?? []).options;
    return undefined;
  };
}
