/** Form definitions of schemas/forms, loaded on demand; option sources resolved from the caches. */
import type { DesignerForm, FormOption } from '../../../schemas/src/form-to-formily';
import { enumOptions } from '../../reference/enums';
import { departmentList, regionTree, staffList } from '../../reference/lists';
import { regionIndexFor } from '../../reference/region';

const files = import.meta.glob<DesignerForm>('/schemas/forms/*.json', { import: 'default' });

export async function loadFormDefinition(name: string): Promise<DesignerForm> {
  const loader = files[`/schemas/forms/${name}.json`];
  if (!loader) throw new Error(`表单 ${name} 不存在`);
  return loader();
}

/** Loads the cached lists a form needs, then answers option look-ups synchronously. */
export async function prepareOptions(sources: string[]): Promise<(source: string) => FormOption[] | undefined> {
  await Promise.all(
    sources.map((source) => {
      if (source === 'staff') return staffList.get();
      if (source === 'department') return departmentList.get();
      if (source === 'region') return regionTree.get();
      return undefined;
    }),
  );
  return (source) => {
    if (source.startsWith('enum:')) return enumOptions(source.slice('enum:'.length));
    if (source === 'staff') return (staffList.peek() ?? []).map((staff) => ({ label: staff.name, value: staff.staffId }));
    if (source === 'department') return (departmentList.peek() ?? []).map((dep) => ({ label: dep.name, value: dep.depId }));
    if (source === 'region') return regionIndexFor(regionTree.peek() ?? []).options;
    return undefined;
  };
}
