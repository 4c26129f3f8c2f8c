// Drives one preview page for tests/emphasis_test.py: opens it in render
// mode, seeks each time, screenshots the picture and measures it.
//
//   node emphasis_check.mjs JOB.json
//
// JOB: {page, viewport: {width, height}, folder, prefix, times: [t],
// probes: {name: {x, y, width, height}} in px}. Prints {problems, shots:
// [{t, path, state, callouts, leaders, probes: {name: {r, g, b, luminance}}}]}:
// each probe's mean colour (0-255) and mean Rec. 709 luminance; with
// `panel_times`, panels: [{t, path, chapter, lines}] (the side panel's parts).
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openOfflineBrowser } from './browser_smoke.mjs';
import { decodePng } from './png.mjs';

function meanOf(image, box) {
  let r = 0, g = 0, b = 0, count = 0;
  const channels = image.channels;
  for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(image.height, Math.ceil(box.y + box.height)); ++y) {
    for (let x = Math.max(0, Math.floor(box.x)); x < Math.min(image.width, Math.ceil(box.x + box.width)); ++x) {
      const at = (y * image.width + x) * channels;
      r += image.pixels[at];
      g += image.pixels[at + 1];
      b += image.pixels[at + 2];
      ++count;
    }
  }
  r /= count; g /= count; b /= count;
  return { r, g, b, luminance: 0.2126 * r + 0.7152 * g + 0.0722 * b };
}

const job = JSON.parse(await readFile(process.argv[2], 'utf8'));
const problems = [];
const profile = await mkdtemp(join(tmpdir(), 'cinc-emphasis-'));
const { context, page } = await openOfflineBrowser(profile, job.viewport, problems);
const shots = [];
const panels = [];
try {
  await page.goto(`${pathToFileURL(job.page).href}#render`);
  await page.waitForFunction(() => window.cinc && window.cinc.ready, null, { timeout: 120000 });
  await page.evaluate(() => window.cinc.ready);
  for (const t of job.times) {
    await page.evaluate((time) => window.cinc.seek(time), t);
    const state = await page.evaluate(() => window.cinc.state());
    const callouts = await page.evaluate(() => window.cinc.callouts());
    // The leaders as drawn: [x1, y1, x2, y2] in px of the viewport.
    const leaders = await page.evaluate(() => [...document.querySelectorAll('.callout-leaders line')]
      .map((line) => ['x1', 'y1', 'x2', 'y2'].map((name) => Number(line.getAttribute(name)))));
    const bytes = await page.screenshot({ type: 'png' });
    const path = join(job.folder, `${job.prefix}-${t}.png`);
    await writeFile(path, bytes);
    const image = decodePng(bytes);
    const probes = {};
    for (const [name, box] of Object.entries(job.probes)) probes[name] = meanOf(image, box);
    shots.push({ t, path, state, callouts, leaders, probes });
  }
  // The side panel's parts (the page without #render), at job.panel_times.
  if (job.panel_times && job.panel_times.length) {
    await page.goto(pathToFileURL(job.page).href);
    await page.waitForFunction(() => window.cinc && window.cinc.ready, null, { timeout: 120000 });
    await page.evaluate(() => window.cinc.ready);
    for (const t of job.panel_times) {
      await page.evaluate((time) => window.cinc.seek(time), t);
      const parts = await page.evaluate(() => ({
        chapter: document.querySelector('.parts-chapter')?.textContent ?? null,
        lines: [...document.querySelectorAll('.parts-list li')].map((li) => li.textContent),
      }));
      const path = join(job.folder, `${job.prefix}-panel-${t}.png`);
      await writeFile(path, await page.screenshot({ type: 'png' }));
      panels.push({ t, path, ...parts });
    }
  }
} catch (error) {
  problems.push(String(error && error.stack ? error.stack : error));
} finally {
  await context.close();
  await rm(profile, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify({ problems, shots, panels }));
