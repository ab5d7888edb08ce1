/**
 * The designer checks definitions in the browser with a validator compiled at build time (the
 * CSP forbids ajv's `new Function`). It must judge exactly like the server's.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { formMetaValidatorCode } from '../../../scripts/vite/form-meta-validator.mjs';
import { checkFormDefinition, useCompiledFormMetaValidator } from '../../../schemas/src/form-meta';
import { createItem, emptyForm } from '../../../schemas/src/designer-rules';
import { COMP_TYPES } from '../../../schemas/src/components/registry';
import type { DesignerItem } from '../../../schemas/src/form-to-formily';

describe('the build-time form metamodel validator', () => {
  it('has no run-time code generation and agrees with the server on good and bad definitions', async () => {
    const code = formMetaValidatorCode();
    expect(code).not.toMatch(/\brequire\(/);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'form-meta-'));
    const file = path.join(dir, 'validator.mjs');
    // fast-deep-equal resolves from the project, as Vite resolves it.
    writeFileSync(file, code.replace('from "fast-deep-equal"', `from ${JSON.stringify(pathToFileURL(path.resolve('node_modules/fast-deep-equal/index.js')).href)}`));
    const compiled = (await import(pathToFileURL(file).href)).default as ValidateFunction;
    const all = COMP_TYPES.filter((t) => t !== 'tdItem').map((t) => createItem(t));
    const form = (...list: DesignerItem[]) => ({ ...emptyForm(), list });
    const samples = [
      form(...all),
      form({ ...createItem('text'), bold: 450 } as DesignerItem),
      form({ ...createItem('input'), layout: 'gridItem' } as DesignerItem),
      form({ ...createItem('select'), options: [{ value: 1 }] } as unknown as DesignerItem),
      { config: { labelWidth: 59 }, list: [] },
    ];
    const server = samples.map((s) => checkFormDefinition(structuredClone(s)));
    useCompiledFormMetaValidator(compiled);
    const browser = samples.map((s) => checkFormDefinition(structuredClone(s)));
    expect(browser).toEqual(server);
    expect(server[0]).toBeNull();
    expect(server.slice(1).every((m) => typeof m === 'string')).toBe(true);
  });
});
