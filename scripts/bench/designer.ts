/**
 * Designer bench (issue 4), in Chromium against the product server and the built UI:
 *  (a) add and select on a 300-component canvas ÷ the same on a 10-component canvas (goal ≤ 2×);
 *  (b) one keystroke in a field of a 1,000-field preview ÷ the same in a 10-field preview (goal ≤ 2×),
 *      and how many components / form items re-render per keystroke (goal ≤ 3 items);
 *  (c) the first render time of the 1,000-field form in the preview.
 * Re-renders are counted with a React DevTools hook installed before the app loads (fibers that
 * performed work in the commit). BENCH_DESIGNER_URL reuses a running server.
 */
import { chromium, type Page } from 'playwright-core';
import { login, startProduct, type Running } from './servers';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const ROUNDS = 15;

/** Installed before React: counts composite fibers that rendered in each commit and the form items they sit in. */
const HOOK = `
window.__name = (f) => f; // tsx keeps function names with a helper page.evaluate does not have
window.__rr = { on: false, count: 0, items: new Set() };
(() => {
  const COMPOSITE = new Set([0, 1, 11, 14, 15]);
  let next = 0;
  const visit = (root) => {
    const stack = [root];
    while (stack.length) {
      const f = stack.pop();
      if (COMPOSITE.has(f.tag) && (f.flags & 1)) {
        window.__rr.count++;
        let h = f;
        while (h && h.tag !== 5) h = h.child;
        const el = h && h.stateNode;
        const item = el && el.closest && el.closest('.ant-formily-item');
        if (item) window.__rr.items.add(item);
      }
      if (f.sibling) stack.push(f.sibling);
      if (f.child && (!f.alternate || f.child !== f.alternate.child)) stack.push(f.child);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, renderers: new Map(),
    inject(renderer) { next += 1; this.renderers.set(next, renderer); return next; },
    onCommitFiberRoot(_id, root) { if (window.__rr.on && root.current.child) visit(root.current.child); },
    onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {}, checkDCE() {},
  };
})();
`;

function inputs(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: `f${i}`, compType: 'input', label: `字段${i}`, placeholder: `请输入字段${i}`, span: 24, showLabel: true, labelWidth: 80, layout: 'colItem', maxLength: 50, value: '',
  }));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function openDesigner(page: Page, url: string, n: number) {
  await page.goto(`${url}/system/form-designer`);
  await page.waitForSelector('[data-testid="form-designer"]', { timeout: 60_000 });
  await page.evaluate((list) => {
    (window as any).__designerStore.load({ config: { version: '1.10', labelWidth: 80, gutter: 15 }, list });
  }, inputs(n));
  await page.waitForFunction((count) => document.querySelectorAll('.canvas-item').length === count, n);
}

/** Median ms of adding (palette click until the new active item is in the DOM) and selecting an item. */
async function addAndSelect(page: Page): Promise<{ add: number; select: number; renders: number }> {
  return page.evaluate(async (rounds) => {
    const frame = () => new Promise((r) => setTimeout(r, 0));
    const add: number[] = [];
    const select: number[] = [];
    const renders: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const before = document.querySelectorAll('.canvas-item').length;
      const rr = (window as any).__rr;
      rr.on = true;
      rr.count = 0;
      const t0 = performance.now();
      (document.querySelector('[data-testid="palette-input"]') as HTMLElement).click();
      while (document.querySelectorAll('.canvas-item').length === before) await frame();
      add.push(performance.now() - t0);
      rr.on = false;
      renders.push(rr.count);
      const items = document.querySelectorAll('.canvas-item');
      const target = items[Math.floor(items.length / 2) - (i % 2)] as HTMLElement;
      const t1 = performance.now();
      target.click();
      while (!target.classList.contains('is-active')) await frame();
      select.push(performance.now() - t1);
      await frame();
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    return { add: med(add), select: med(select), renders: med(renders) };
  }, ROUNDS);
}

async function openPreview(page: Page, n: number): Promise<number> {
  return page.evaluate(async (count) => {
    const t0 = performance.now();
    (document.querySelector('[data-testid="action-preview"]') as HTMLElement).click();
    while (document.querySelectorAll('[data-testid="preview"] input.ant-input').length < count) await new Promise((r) => requestAnimationFrame(r));
    return performance.now() - t0;
  }, n);
}

/** One keystroke in the middle field: sync time of the input event and what rendered in its commit. */
async function keystrokes(page: Page, n: number): Promise<{ ms: number; renders: number; items: number }> {
  return page.evaluate(async ({ rounds, index }) => {
    const input = document.getElementById(`f${index}`) as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const rr = (window as any).__rr;
    const ms: number[] = [];
    const renders: number[] = [];
    const items: number[] = [];
    for (let i = 0; i < rounds; i++) {
      rr.on = true;
      rr.count = 0;
      rr.items.clear();
      const t0 = performance.now();
      setter.call(input, `${input.value}a`);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      ms.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 0));
      rr.on = false;
      renders.push(rr.count);
      items.push(rr.items.size);
      await new Promise((r) => setTimeout(r, 10));
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    return { ms: med(ms), renders: med(renders), items: med(items) };
  }, { rounds: ROUNDS, index: Math.floor(n / 2) });
}

export async function runDesignerBench() {
  const reuse = process.env.BENCH_DESIGNER_URL;
  const server: Running = reuse ? { url: reuse, stop: async () => undefined } : await startProduct(18990);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const token = await login(server.url);
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    await context.addInitScript(`localStorage.setItem('access-token', ${JSON.stringify(token)});${HOOK}`);
    const page = await context.newPage();
    const canvas: Record<number, { add: number; select: number; renders: number }> = {};
    for (const n of [10, 300]) {
      await openDesigner(page, server.url, n);
      await addAndSelect(page); // warm-up
      await openDesigner(page, server.url, n);
      canvas[n] = await addAndSelect(page);
    }
    const preview: Record<number, { first: number; ms: number; renders: number; items: number }> = {};
    for (const n of [10, 1000]) {
      await openDesigner(page, server.url, n);
      const first = await openPreview(page, n);
      await keystrokes(page, n); // warm-up
      preview[n] = { first, ...(await keystrokes(page, n)) };
    }
    await context.close();
    const r = (a: number, b: number) => Number((a / Math.max(b, 0.01)).toFixed(2));
    return [
      { metric: '(a) add on canvas, ms', small: canvas[10]!.add.toFixed(1), large: canvas[300]!.add.toFixed(1), ratio: r(canvas[300]!.add, canvas[10]!.add), goal: '≤ 2' },
      { metric: '(a) components rendered per add', small: canvas[10]!.renders, large: canvas[300]!.renders, ratio: r(canvas[300]!.renders, canvas[10]!.renders), goal: 'report' },
      { metric: '(a) select on canvas, ms', small: canvas[10]!.select.toFixed(1), large: canvas[300]!.select.toFixed(1), ratio: r(canvas[300]!.select, canvas[10]!.select), goal: '≤ 2' },
      { metric: '(b) keystroke in preview, ms', small: preview[10]!.ms.toFixed(2), large: preview[1000]!.ms.toFixed(2), ratio: r(preview[1000]!.ms, preview[10]!.ms), goal: '≤ 2' },
      { metric: '(b) components rendered per keystroke', small: preview[10]!.renders, large: preview[1000]!.renders, ratio: r(preview[1000]!.renders, preview[10]!.renders), goal: 'flat' },
      { metric: '(b) form items re-rendered per keystroke', small: preview[10]!.items, large: preview[1000]!.items, ratio: r(preview[1000]!.items, preview[10]!.items), goal: '≤ 3' },
      { metric: '(c) first render of the preview, ms', small: preview[10]!.first.toFixed(0), large: preview[1000]!.first.toFixed(0), ratio: r(preview[1000]!.first, preview[10]!.first), goal: 'report' },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await runDesignerBench());
}
void median;
