#!/usr/bin/env node
// Drives a page that `cinc serve` serves, in Debian's Chromium (headless,
// through playwright-core), step by step, for tests/serve_test.py and
// bench/serve_latency.py.
//
// Usage: node tests/js/serve_check.mjs JOB.json > RESULT.json
//   JOB: {"url": "http://127.0.0.1:PORT/#...", "live": true (false: a file: page),
//         "viewport": {"width", "height"},
//         "steps": [STEP, ...]}
//   STEP, each answered in RESULT.steps in order:
//     {"do": "state"}                        -> {"state": window.cinc.state(), "hash"}
//     {"do": "seek", "t"}                    -> {"state"}
//     {"do": "view", "view"}                 -> {"state"} (clicks the view button)
//     {"do": "drag", "by": [dx, dy]}         -> {"state"} (a mouse drag on the viewport)
//     {"do": "key", "key"}                   -> {"state"} (presses it on the page)
//     {"do": "write", "path", "text", "wait": "swap"|"errors"|"clear"}
//        writes the file (the time of the write on the epoch clock, in ms),
//        then waits up to 30 s for: a new build swapped in ("swap": the
//        latency from the write to the first frame after the swap, the page's
//        own stamp), the error overlay ("errors": its text and the report),
//        or the overlay gone and the build after it swapped in ("clear");
//        -> {"latency_ms", "stages_ms": {"fetched", "ready"} (from the write),
//            "state", "overlay": {"shown", "text"}, "report", "build"}
//     {"do": "hash", "hash", "t"}           -> {"state"} (sets the fragment, waits for time t)
//     {"do": "screenshot", "path"}          -> {"path"} (the whole page, PNG)
//     {"do": "sleep", "ms"}
//   RESULT: {"ready_ms", "page_bytes", "steps": [...], "problems": [...]}
// Problems: a console or page error, a request to anything but the served
// origin and data:/blob: URLs (refused), a step that times out.
import { chromium } from 'playwright-core';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { CHROMIUM, CHROMIUM_ARGS } from './browser_smoke.mjs';

const job = JSON.parse(await readFile(process.argv[2], 'utf8'));
// A page that `cinc preview` wrote (file:) is driven too ("live": false): no
// server, only the moments in its URL.
const live = job.live !== false;
const origin = new URL(job.url).origin;
const pageFile = live ? null : job.url.replace(/#.*/, '');
const problems = [];
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const result = { steps: [], problems };
try {
  const context = await browser.newContext({ viewport: job.viewport || { width: 800, height: 500 } });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if ((live && url.startsWith(origin + '/')) || url === pageFile || /^(data|blob):/.test(url)) return route.continue();
    problems.push(`refused request: ${url}`);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(job.url);
  await page.waitForFunction((served) => window.cinc && (!served || window.cincLive), live, { timeout: 60000 });
  await page.evaluate(() => window.cinc.ready);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
  result.ready_ms = await page.evaluate(() => performance.now());
  result.page_bytes = await page.evaluate(() => performance.getEntriesByType('navigation')[0].decodedBodySize);
  const state = () => page.evaluate(() => window.cinc.state());
  const overlay = () => page.evaluate(() => {
    const box = document.querySelector('.build-errors');
    return { shown: Boolean(box && !box.hidden), text: box ? box.innerText : '' };
  });
  for (const step of job.steps) {
    if (step.do === 'state') {
      result.steps.push({ state: await state(), hash: await page.evaluate(() => window.location.hash) });
    } else if (step.do === 'seek') {
      await page.evaluate((t) => window.cinc.seek(t), step.t);
      result.steps.push({ state: await state() });
    } else if (step.do === 'view') {
      await page.click(`#view-${step.view}`);
      result.steps.push({ state: await state() });
    } else if (step.do === 'drag') {
      // The mouse dragged across the viewport by [dx, dy] px: the orbit view turns.
      const box = await page.locator('.viewport canvas').first().boundingBox();
      const x = box.x + box.width / 2, y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + step.by[0], y + step.by[1], { steps: 5 });
      await page.mouse.up();
      result.steps.push({ state: await state() });
    } else if (step.do === 'key') {
      await page.keyboard.press(step.key);
      result.steps.push({ state: await state() });
    } else if (step.do === 'hash') {
      // A moment pasted into the address of the open page.
      await page.evaluate((hash) => { window.location.hash = hash; }, step.hash);
      await page.waitForFunction((t) => Math.abs(window.cinc.state().time - t) < 1e-9, step.t, { timeout: 10000 });
      result.steps.push({ state: await state() });
    } else if (step.do === 'screenshot') {
      await page.screenshot({ path: step.path });
      result.steps.push({ path: step.path });
    } else if (step.do === 'sleep') {
      await new Promise((resolve) => setTimeout(resolve, step.ms));
      result.steps.push({});
    } else if (step.do === 'write') {
      const swaps = await page.evaluate(() => window.cincLive.swaps.length);
      const errorsBefore = await page.evaluate(() => (window.cincLive.errors ? window.cincLive.errors.build : 0));
      // As editors save: a new file renamed over the old one.
      await writeFile(step.path + '.saving', step.text);
      const written = Date.now();
      await rename(step.path + '.saving', step.path);
      const answer = {};
      if (step.wait === 'swap' || step.wait === 'clear') {
        await page.waitForFunction((n) => window.cincLive.swaps.length > n, swaps, { timeout: 30000 });
        const swap = await page.evaluate(() => window.cincLive.swaps.at(-1));
        answer.latency_ms = swap.at - written;
        answer.stages_ms = { fetched: swap.fetched - written, ready: swap.ready - written };
        answer.build = swap.build;
      } else {
        await page.waitForFunction((b) => window.cincLive.errors && window.cincLive.errors.build > b, errorsBefore, { timeout: 30000 });
        answer.report = await page.evaluate(() => window.cincLive.errors);
      }
      answer.overlay = await overlay();
      answer.state = await state();
      result.steps.push(answer);
    } else {
      throw new Error(`unknown step ${JSON.stringify(step)}`);
    }
  }
} catch (error) {
  problems.push(`driver: ${error.message}`);
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(result));
