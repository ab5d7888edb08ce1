/**
 * The catalogue side of the action rule (actionRequest.ts): looks an entry's path up and sends
 * the planned calls. Shared by the list, the detail and the action dialogs.
 */
import { entryPath as catalogueEntryPath, invoke, takesVersion, type CallOptions } from '../../../api/call';
import { MissingPathParam, planCalls, type ParamScope, type PlanOptions, type PlannedCall } from './actionRequest';

export { MissingPathParam } from './actionRequest';

export function entryPath(api: string): string {
  return catalogueEntryPath(api);
}


/** The scope of an entity's records (its id field and field names). */
export function entityScope(entity: { idField: string; fields: Record<string, unknown> }, idField = entity.idField): ParamScope {
  return { idField, fields: Object.keys(entity.fields) };
}

/** The requests `api` makes on the records acted on (see planCalls). */
export function planAction(api: string, scope: ParamScope, records: Record<string, unknown>[], context?: Record<string, unknown>, opts: PlanOptions = {}): PlannedCall[] {
  // An entry whose body takes the record's version gets the row's: a click on a row someone
  // else changed meanwhile is refused (409) instead of acting on what the user didn't see.
  return planCalls(entryPath(api), scope, records, context, takesVersion(api) ? { version: true, ...opts } : opts);
}

/**
 * Sends planned calls in turn; with several (one per selected row) a refusal names the row it
 * stopped at, the rows before it having been done.
 */
export async function sendPlanned<T = unknown>(api: string, calls: PlannedCall[], options: CallOptions = {}, label?: (i: number) => string): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < calls.length; i++) {
    try {
      out.push(await invoke<T>(api, { params: calls[i]!.params, body: calls[i]!.body }, options));
    } catch (err) {
      if (calls.length > 1) {
        const e = new Error(`${label ? label(i) : `第 ${i + 1} 条`}：${(err as Error).message}${i > 0 ? `（前 ${i} 条已完成）` : ''}`);
        (e as Error & { cause?: unknown }).cause = err;
        throw e;
      }
      throw err;
    }
  }
  return out;
}

/**
 * A row's call where the entity is not at hand (a tree's nodes): the row's own keys are its
 * fields. Throws MissingPathParam as the rule does.
 */
export function rowCallArgs(api: string, row: Record<string, unknown> | undefined, rowKey: string, id?: number): PlannedCall {
  const record = { ...(row ?? {}), ...(id !== undefined ? { [rowKey]: id } : {}) };
  return planAction(api, { idField: rowKey, fields: Object.keys(record) }, [record])[0]!;
}

/** Whether an error was raised here in the browser by the rule (not by the server). */
export function isMissingParam(err: unknown): err is MissingPathParam {
  return err instanceof MissingPathParam;
}
