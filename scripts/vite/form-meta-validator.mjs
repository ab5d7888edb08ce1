/**
 * Vite plugin: the designer's JSON dialog checks a definition against schemas/meta/form.schema.json
 * in the browser. Ajv compiles validators with `new Function`, which the Content-Security-Policy
 * forbids (no 'unsafe-eval'), so the validator is compiled here, at build time, into plain code
 * (ajv standalone) and imported as `virtual:form-meta-validator`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const META = path.join(root, 'schemas/meta/form.schema.json');
const ID = 'virtual:form-meta-validator';
const RESOLVED = `\0${ID}`;

/**
 * ajv's standalone output still `require`s two runtime helpers even in ESM mode: they become
 * imports of ESM-safe equivalents. Any other helper stops the build rather than fail in a browser.
 */
/** @type {Record<string, string>} */
const RUNTIME = {
  'ajv/dist/runtime/equal': 'import __equal from "fast-deep-equal";\nconst __rt_equal = { default: __equal };',
  'ajv/dist/runtime/ucs2length': `const __rt_ucs2length = { default: (str) => { let n = 0; for (const _ of str) n++; return n; } };`,
};

/** The same options as schemas/src/form-meta.ts compiles with on the server. */
/** @returns {string} */
export function formMetaValidatorCode() {
  const ajv = new Ajv2020({ allErrors: false, strict: false, code: { source: true, esm: true } });
  const validate = ajv.compile(JSON.parse(readFileSync(META, 'utf8')));
  const used = new Set();
  const code = standaloneCode(ajv, validate).replace(/require\("([^"]+)"\)/g, (_, mod) => {
    if (!RUNTIME[mod]) throw new Error(`form-meta-validator: no ESM equivalent for ${mod}`);
    used.add(mod);
    return `__rt_${mod.split('/').pop()}`;
  });
  return [...used].map((mod) => RUNTIME[mod]).join('\n') + '\n' + code;
}

/** @returns {import('vite').Plugin} */
export function formMetaValidator() {
  return {
    name: 'form-meta-validator',
    resolveId: (source) => (source === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      this.addWatchFile(META);
      return formMetaValidatorCode();
    },
  };
}
