/**
 * Bench (b) of issue 2: gzip size of the JavaScript a real browser loads for /login and for the
 * shell after login, next to a minimal Vite + React + antd app built in the same run, and
 * whether monaco or the designer is in either graph. Goals: login <= 150 KB, shell <= 300 KB (issue 22).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { login, repoRoot, startProduct } from './servers';
import { track } from './guard';

const kb = (n: number) => +(n / 1024).toFixed(1);
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

async function baselineGzip(): Promise<number> {
  const dir = join(repoRoot, '.bench/baseline');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="zh-CN"><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>');
  writeFileSync(join(dir, 'main.tsx'), `
import { createRoot } from 'react-dom/client';
import { App, Button, ConfigProvider, Form, Input, Layout } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN}><App><Layout><Form><Form.Item label="用户名"><Input /></Form.Item>
  <Button type="primary">登录</Button></Form></Layout></App></ConfigProvider>,
);`);
  await build({ root: dir, configFile: false, plugins: [react()], logLevel: 'silent', build: { outDir: join(dir, 'dist'), emptyOutDir: true } });
  let total = 0;
  for (const f of readdirSync(join(dir, 'dist/assets'))) if (f.endsWith('.js')) total += gzipSync(readFileSync(join(dir, 'dist/assets', f))).length;
  return total;
}

/** `charts`: the gzip of the scripts carrying ECharts (zrender), which a dashboard loads when a chart mounts. */
interface Loaded { gzip: number; charts: number; files: number; monaco: boolean; designer: boolean }

async function loadedJs(url: string, prepare?: (page: import('playwright-core').Page) => Promise<void>): Promise<Loaded> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const bodies: Promise<Buffer | null>[] = [];
    const names: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') {
        names.push(r.url());
        bodies.push(r.body().catch(() => null));
      }
    });
    if (prepare) await prepare(page);
    await page.goto(url, { waitUntil: 'networkidle' });
    const all = (await Promise.all(bodies)).filter((b): b is Buffer => !!b);
    const text = all.map((b) => b.toString('utf8'));
    const sizes = all.map((b) => gzipSync(b).length);
    return {
      gzip: sizes.reduce((s, n) => s + n, 0),
      charts: sizes.reduce((s, n, i) => s + (text[i].includes('zrender') ? n : 0), 0),
      files: all.length,
      monaco: names.some((n) => /monaco/i.test(n)) || text.some((t) => t.includes('monaco-editor')),
      // The designer's empty-canvas hint only exists in designer code.
      designer: text.some((t) => t.includes('从左侧拖拽添加控件')),
    };
  } finally {
    await browser.close();
  }
}

export async function runBundleBench(): Promise<Record<string, unknown>[]> {
  const r = spawnSync(process.execPath, [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: repoRoot, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
  const baseline = await baselineGzip();
  const server = await startProduct(18904);
  try {
    const loginPage = await loadedJs(`${server.url}/login`);
    const token = await login(server.url);
    const shell = await loadedJs(`${server.url}/dashboard`, async (page) => {
      await page.addInitScript((t) => localStorage.setItem('access-token', t), token);
    });
    // Sizes are deterministic for a given build: the guard follows them as ratios to the minimal app.
    const shellOnly = shell.gzip - shell.charts;
    track('bundle.login.of-minimal-app', {
      label: '`/login` initial JS (gzip) ÷ a minimal Vite + React + antd app', value: loginPage.gzip / baseline, better: 'lower', goal: '≤ 150 KB',
      detail: `${kb(loginPage.gzip)} ÷ ${kb(baseline)} KB gzip`,
    });
    track('bundle.shell.of-minimal-app', {
      label: 'shell after login (`/dashboard`, its cards, without ECharts) ÷ the minimal app', value: shellOnly / baseline, better: 'lower', goal: '≤ 300 KB',
      detail: `${kb(shellOnly)} ÷ ${kb(baseline)} KB gzip; no monaco: ${!shell.monaco}, no designer: ${!shell.designer}`,
    });
    track('bundle.shell-with-charts.of-minimal-app', {
      label: 'the same with the home page\'s charts (ECharts) ÷ the minimal app', value: shell.gzip / baseline, better: 'lower', goal: '≤ 300 KB',
      detail: `${kb(shell.gzip)} ÷ ${kb(baseline)} KB gzip (ECharts ${kb(shell.charts)} KB)`,
    });
    return [
      { case: 'minimal Vite + React + antd app', 'gzip KB': kb(baseline), files: '-', monaco: false, designer: false },
      { case: '/login initial JS', 'gzip KB': kb(loginPage.gzip), 'vs baseline': +(loginPage.gzip / baseline).toFixed(2), files: loginPage.files, monaco: loginPage.monaco, designer: loginPage.designer, goal: '<= 150 KB' },
      // The home page draws charts for the admin; ECharts loads with them, after the shell (issue 17).
      { case: 'shell after login (/dashboard), without its charts', 'gzip KB': kb(shell.gzip - shell.charts), 'vs baseline': +((shell.gzip - shell.charts) / baseline).toFixed(2), files: shell.files, monaco: shell.monaco, designer: shell.designer, goal: '<= 300 KB' },
      { case: 'charts the home page loads (ECharts)', 'gzip KB': kb(shell.charts), files: '-', monaco: false, designer: false },
    ];
  } finally {
    await server.stop();
  }
}
