// `npm run lighthouse`: Lighthouse (mobile preset, simulated throttling) on the built app served by the real server,
// for the pages and thresholds of budgets.json (docs/rules.md B5). Each page is audited `runs` times and the median
// performance run is reported, because simulated throttling on a small shared machine is noisy. Signed-in pages are
// audited with the session in the browser's storage (signed in through the login screen first) and an empty HTTP
// cache. Figures go to apps/web/bench/results/lighthouse.md; exits 1 when a median is under its threshold.
//
// LIGHTHOUSE_URL=http://127.0.0.1:3000 audits a server already running (with the demo district seeded); otherwise
// the script builds the web app into a folder of its own (so a build running elsewhere in the same tree cannot empty
// it halfway), starts the server on LIGHTHOUSE_PORT (3310 by default) with WEB_DIST set to that build and a fresh
// DATA_DIR (SEED_DEMO=true), and stops it at the end. Every run's full report (JSON: the LCP breakdown, request
// chains, main-thread work) is kept in LIGHTHOUSE_REPORTS (a temporary folder by default), named in the output,
// and beside it (`…-runN.lantern.json`) the simulated timings of the requests and tasks behind its FCP, LCP and TBT:
// what each metric waited for in Lighthouse's simulation (Lantern), which the report does not say.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import puppeteer from 'puppeteer-core';
import { register } from 'tsx/esm/api';

// The load benches' results-file helpers (hand-written notes kept, the machine's load recorded), in TypeScript.
register();
const { loadAverage, writeResults } = await import('../apps/server/bench/support/report.ts');

const root = path.resolve(import.meta.dirname, '..');
const budgets = JSON.parse(readFileSync(path.join(root, 'budgets.json'), 'utf8')).lighthouse;
const resultsFile = path.join(root, 'apps/web/bench/results/lighthouse.md');
const reportsDir = process.env.LIGHTHOUSE_REPORTS
  ? path.resolve(process.env.LIGHTHOUSE_REPORTS)
  : mkdtempSync(path.join(os.tmpdir(), 'readalong-lighthouse-reports-'));
mkdirSync(reportsDir, { recursive: true });
const DEMO_PASSWORD = 'readalong';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

async function waitForHealth(baseUrl, server) {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error('the server stopped before it answered');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${baseUrl}/api/health did not answer within 4 minutes`);
}

/** Builds the web app from the current sources and starts the production server on it, with a demo district of its own. */
async function startServer() {
  const port = Number(process.env.LIGHTHOUSE_PORT ?? 3310);
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'readalong-lighthouse-web-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'readalong-lighthouse-data-'));
  // As root the embedded PostgreSQL runs as the postgres user, which must reach its folder inside (mkdtemp gives 0700).
  chmodSync(dataDir, 0o755);
  console.log('Building the web app…');
  execFileSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      WEB_DIST: webDist,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    for (const folder of [webDist, dataDir]) rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/** Signs in through the login screen, so the session is in this browser's storage as the app keeps it. */
async function signInThroughLoginScreen(browser, baseUrl, username) {
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForFunction("!location.pathname.startsWith('/login')", { timeout: 60_000 }),
    page.locator('button[type="submit"]').click(),
  ]);
  await page.close();
}

/** The graphs Lantern simulated for the metrics that make the score. */
const LANTERN_GRAPHS =
  /^(optimistic|pessimistic)(FirstContentfulPaint|LargestContentfulPaint|TotalBlockingTime)$/;

/**
 * The simulated start and end (ms) of each request and main-thread task in the run just audited, per metric's
 * graph, with what was observed of it (a task's observed duration, whether it laid out, the scripts it evaluated):
 * Lighthouse keeps them for the last run, so they are read and cleared after each.
 */
function lanternTimings() {
  const all = Lantern.Simulation.Simulator.allNodeTimings;
  const graphs = {};
  for (const [label, timings] of all) {
    if (!LANTERN_GRAPHS.test(label)) continue;
    graphs[label] = [...timings]
      .map(([node, timing]) => ({
        start: Math.round(timing.startTime),
        end: Math.round(timing.endTime),
        ...(node.type === 'network'
          ? { url: node.request.url.replace(/^https?:\/\/[^/]+/, '') }
          : {
              task: `${Math.round(node.duration / 1000)} ms observed`,
              layout: node.didPerformLayout(),
              scripts: [...node.getEvaluateScriptURLs()].map((url) => url.replace(/^https?:\/\/[^/]+/, '')),
            }),
      }))
      .sort((one, other) => one.start - other.start);
  }
  all.clear();
  return JSON.stringify(graphs);
}

let lighthouseVersion = '';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function auditPage(chrome, browser, baseUrl, { path: pagePath, signedInAs }) {
  const runs = [];
  for (let run = 0; run < budgets.runs; run += 1) {
    const tab = await browser.newPage();
    const session = await tab.createCDPSession();
    await session.send('Network.clearBrowserCache');
    await tab.close();
    const result = await lighthouse(
      `${baseUrl}${pagePath}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // Signed-in pages keep their session; the HTTP cache was emptied above, so this is a first visit.
        disableStorageReset: Boolean(signedInAs),
      },
      undefined,
    );
    const { categories, audits, finalDisplayedUrl } = result.lhr;
    if (new URL(finalDisplayedUrl).pathname !== pagePath) {
      throw new Error(`${pagePath} was redirected to ${finalDisplayedUrl}: is the session there?`);
    }
    lighthouseVersion = result.lhr.lighthouseVersion;
    const reportName = `${pagePath.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-run${run + 1}.json`;
    writeFileSync(path.join(reportsDir, reportName), result.report);
    writeFileSync(path.join(reportsDir, reportName.replace(/\.json$/, '.lantern.json')), lanternTimings());
    runs.push({
      performance: categories.performance.score,
      accessibility: categories.accessibility.score,
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      speedIndex: audits['speed-index'].numericValue,
      unusedJsBytes: audits['unused-javascript'].details?.overallSavingsBytes ?? 0,
      failedAccessibility: Object.values(audits)
        .filter((audit) => categories.accessibility.auditRefs.some((ref) => ref.id === audit.id))
        .filter((audit) => audit.score !== null && audit.score < 1)
        .map((audit) => audit.id),
    });
    console.log(
      `${pagePath} run ${run + 1}: performance ${runs.at(-1).performance}, accessibility ${runs.at(-1).accessibility}`,
    );
  }
  // A run Lighthouse could not score (a page error, no paint in time) says nothing of the page: it is listed, not counted.
  const scored = runs.filter((run) => run.performance !== null);
  if (scored.length === 0) throw new Error(`${pagePath}: no run was scored`);
  const medianScore = median(scored.map((run) => run.performance));
  return { path: pagePath, signedInAs, runs, median: scored.find((run) => run.performance === medianScore) };
}

async function report(results, startedAt, loadBefore) {
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [
    '# Lighthouse on the built app',
    '',
    `Measured ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run lighthouse\` (scripts/lighthouse.mjs):`,
    `Lighthouse ${lighthouseVersion} mobile preset (simulated throttling), Debian's Chromium, ${os.cpus().length} cores,`,
    `the median of ${budgets.runs} runs by performance score. Thresholds (docs/rules.md B5): performance ≥ ${budgets.minPerformance},`,
    `accessibility ≥ ${budgets.minAccessibility}. Load average (1/5/15 min) before: ${loadBefore}, after: ${loadAverage()}`,
    '(other work on the same cores slows every task Lighthouse times, and its simulation multiplies them).',
    '',
    '| page | signed in as | performance (runs) | accessibility | FCP | LCP | TBT | CLS | Speed Index | unused JS |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(({ path: pagePath, signedInAs, runs, median: m }) =>
      [
        '',
        pagePath,
        signedInAs ?? '—',
        `**${m.performance}** (${runs.map((run) => run.performance ?? 'not scored').join(', ')})`,
        `${m.accessibility}${m.failedAccessibility.length ? ` (${m.failedAccessibility.join(', ')})` : ''}`,
        seconds(m.fcp),
        seconds(m.lcp),
        `${Math.round(m.tbt)} ms`,
        m.cls.toFixed(3),
        seconds(m.speedIndex),
        `${Math.round(m.unusedJsBytes / 1000)} KB`,
        '',
      ]
        .join(' | ')
        .trim(),
    ),
    '',
  ];
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  await writeResults(resultsFile, lines.join('\n'));
  console.log(
    `\n${lines.join('\n')}\nWritten to ${path.relative(root, resultsFile)}; full reports in ${reportsDir}`,
  );
}

const startedAt = new Date();
const loadBefore = loadAverage();
const server = process.env.LIGHTHOUSE_URL
  ? { baseUrl: process.env.LIGHTHOUSE_URL.replace(/\/$/, ''), stop: async () => undefined }
  : await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
let failed = false;
try {
  await waitForHealth(server.baseUrl);
  const results = [];
  const signedIn = new Set();
  for (const page of budgets.pages) {
    if (page.signedInAs && !signedIn.has(page.signedInAs)) {
      await signInThroughLoginScreen(browser, server.baseUrl, page.signedInAs);
      signedIn.add(page.signedInAs);
    }
    results.push(await auditPage(chrome, browser, server.baseUrl, page));
  }
  await report(results, startedAt, loadBefore);
  for (const { path: pagePath, median: m } of results) {
    if (m.performance < budgets.minPerformance || m.accessibility < budgets.minAccessibility) {
      console.error(
        `${pagePath}: under the thresholds (performance ${m.performance}, accessibility ${m.accessibility})`,
      );
      failed = true;
    }
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  await server.stop();
}
process.exit(failed ? 1 : 0);
