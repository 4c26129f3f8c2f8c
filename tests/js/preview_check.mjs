#!/usr/bin/env node
// Plays a `cinc preview` page in Debian's Chromium (headless, through
// playwright-core) and reports what it shows, for tests/preview_test.py.
//
// Usage: node tests/js/preview_check.mjs JOB.json > RESULT.json
//   JOB: {"page": "x.preview.html", "times": [t, ...],
//         "screenshots": {"folder": DIR, "prefix": NAME, "times": [{"t", "name"}],
//                         "probe": {"x", "y", "width", "height"} (fractions of
//                         the viewport; optional)},
//         "viewport": {"width", "height"}, "ready_limit_ms": 2000, "ready_attempts": 3,
//         "controls": true (also work the keys, buttons and scrubber)}
//   RESULT: {"ready_ms": navigation start -> window.cinc.ready on the page's
//            own clock, the best of "ready_attempts" (cold starts, each in a
//            new browser, tried again while slower than ready_limit_ms, at
//            most ready_attempts times), "duration", "chapters",
//            "states": [state() after seek(t), for each of "times"],
//            "chapter_rows": [{on, on_whole, top_cut, at_end, page_scrolled}]
//            (the chapter list at each chapter's start),
//            "screenshots": [{"path", "view", "t", "name", "colours",
//            "non_background", "probe_luminance" (the median, with a probe)}],
//            "problems": [...]}
// Problems (a failure for the caller): a console error or page error, any
// request that is not file:, data: or blob: (aborted), a ready that rejects
// or takes more than 60 s, a view button missing.
// Screenshots are of the whole page; "colours" (distinct RGB values) and
// "non_background" (share of pixels far from the background) are measured on
// the viewport's area only (the canvas, less its title and caption rows),
// decoded from the PNG here.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openOfflineBrowser } from './browser_smoke.mjs';
import { decodePng } from './png.mjs';


// Distinct colours and the share of pixels away from the background colour
// (the most common one) in a rectangle of the image.
function measure(png, box) {
  const x0 = Math.max(0, Math.floor(box.x)), y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(png.width, Math.ceil(box.x + box.width)), y1 = Math.min(png.height, Math.ceil(box.y + box.height));
  const counts = new Map();
  for (let y = y0; y < y1; ++y) {
    for (let x = x0; x < x1; ++x) {
      const i = (y * png.width + x) * png.channels;
      const key = (png.pixels[i] << 16) | (png.pixels[i + 1] << 8) | png.pixels[i + 2];
      counts.set(key, (counts.get(key) || 0) + 1);
    }
  }
  let background = 0, most = -1;
  for (const [key, count] of counts) if (count > most) { most = count; background = key; }
  const br = background >> 16, bg = (background >> 8) & 255, bb = background & 255;
  let away = 0, total = 0;
  for (const [key, count] of counts) {
    total += count;
    const d = Math.abs((key >> 16) - br) + Math.abs(((key >> 8) & 255) - bg) + Math.abs((key & 255) - bb);
    if (d > 24) away += count;
  }
  return { colours: counts.size, non_background: total ? away / total : 0, background: `#${background.toString(16).padStart(6, '0')}` };
}

// The median luminance (Rec. 709 weights on the 8-bit sRGB values, 0-255)
// of a rectangle of the image: a highlight's few bright pixels do not move it.
function medianLuminance(png, box) {
  const x0 = Math.max(0, Math.floor(box.x)), y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(png.width, Math.ceil(box.x + box.width)), y1 = Math.min(png.height, Math.ceil(box.y + box.height));
  const values = [];
  for (let y = y0; y < y1; ++y) {
    for (let x = x0; x < x1; ++x) {
      const i = (y * png.width + x) * png.channels;
      values.push(0.2126 * png.pixels[i] + 0.7152 * png.pixels[i + 1] + 0.0722 * png.pixels[i + 2]);
    }
  }
  values.sort((a, b) => a - b);
  return values.length ? values[values.length >> 1] : 0;
}

// Keys (space, ←/→, Home/End), the play button, the scrubber, speed and
// loop, checked through state().time; timings are loose (a loaded machine).
async function checkControls(page, duration, problems) {
  const time = () => page.evaluate(() => window.cinc.state().time);
  const near = (a, b) => Math.abs(a - b) < 1e-9;
  const settle = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.evaluate(() => window.cinc.seek(0));
  await page.keyboard.press('Space');
  await page.waitForTimeout(500);
  await page.keyboard.press('Space');
  const played = await time();
  if (!(played > 0.05 && played < duration)) problems.push(`controls: space played to ${played} s in 0.5 s`);
  await page.waitForTimeout(200);
  await settle();
  if ((await time()) !== played) problems.push('controls: a second space did not pause');
  await page.evaluate(() => window.cinc.seek(0.5));
  await page.keyboard.press('ArrowRight');
  if (!near(await time(), 0.5 + 1 / 60)) problems.push(`controls: → from 0.5 s went to ${await time()} s`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  if (!near(await time(), 0.5 - 1 / 60)) problems.push(`controls: ← ← went to ${await time()} s`);
  await page.keyboard.press('End');
  if (!near(await time(), duration)) problems.push(`controls: End went to ${await time()} s`);
  await page.keyboard.press('Home');
  if ((await time()) !== 0) problems.push(`controls: Home went to ${await time()} s`);
  await page.locator('.scrub input[type=range]').fill(String(duration / 2));
  if (!near(await time(), duration / 2)) problems.push(`controls: the scrubber went to ${await time()} s`);
  // 4x with loop on, from just before the end: it wraps and goes on.
  await page.locator('button.speed[data-speed="4"]').click();
  const loop = page.locator('#loop');
  const looping = await loop.isChecked();
  if (!looping) await loop.check();
  const from = Math.max(0, duration - 0.2);
  await page.evaluate((t) => window.cinc.seek(t), from);
  await page.locator('button.play').click();
  const wrapped = await page.evaluate((t) => new Promise((resolve) => {
    const began = performance.now();
    const poll = () => {
      const now = window.cinc.state().time;
      if (now < t) resolve(now);  // it went round
      else if (performance.now() - began > 5000) resolve(null);
      else requestAnimationFrame(poll);
    };
    poll();
  }), from);
  await page.locator('button.play').click();
  if (wrapped === null) problems.push(`controls: 4× with loop from ${from} s did not wrap in 5 s`);
  // Without loop, playing stops at the end.
  await loop.uncheck();
  await page.evaluate((d) => window.cinc.seek(Math.max(0, d - 0.1)), duration);
  await page.locator('button.play').click();
  await page.waitForTimeout(1000);
  await settle();
  const stopped = await time();
  await page.waitForTimeout(300);
  if (!near(stopped, duration) || (await time()) !== stopped) {
    problems.push(`controls: without loop play went to ${stopped} s, not to the end and stop`);
  }
  if (looping) await loop.check();
  await page.locator('button.speed[data-speed="1"]').click();
}

// A fresh browser (its own new profile) with the page open and ready:
// every refused request, console error and page error goes to `problems`.
// Returns {context, page, info: {readyAt, duration, chapters}}.
async function openPage(job, work, attempt, problems) {
  const { context, page } = await openOfflineBrowser(
    join(work, `profile-${attempt}`), job.viewport || { width: 1280, height: 720 }, problems);
  try {
    // When the page sets window.cinc, note the moment its ready settles (the
    // page's clock counts from navigation start).
    await page.addInitScript(() => {
      let value;
      Object.defineProperty(window, 'cinc', {
        configurable: true,
        get: () => value,
        set: (given) => {
          value = given;
          if (given && given.ready && typeof given.ready.then === 'function') {
            given.ready.then(() => { window.__cincReadyAt = performance.now(); }, () => {});
          }
        },
      });
    });
    await page.goto(pathToFileURL(resolve(job.page)).href, { waitUntil: 'load' });
    const info = await page.evaluate(() =>
      Promise.race([
        (async () => {
          while (!window.cinc) await new Promise((r) => setTimeout(r, 5));
          await window.cinc.ready;
          return { readyAt: window.__cincReadyAt, duration: window.cinc.duration, chapters: window.cinc.chapters };
        })(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('window.cinc.ready did not settle in 60 s')), 60000)),
      ]));
    return { context, page, info };
  } catch (error) {
    await context.close();
    throw error;
  }
}

async function main(argv) {
  if (argv.length !== 1) {
    console.error('usage: node tests/js/preview_check.mjs JOB.json');
    return 2;
  }
  const job = JSON.parse(await readFile(argv[0], 'utf8'));
  const problems = [];
  const result = { ready_ms: null, ready_attempts: [], duration: null, chapters: null, states: [], screenshots: [], problems };
  const work = await mkdtemp(join(tmpdir(), 'cinc-preview-'));
  const readyLimit = job.ready_limit_ms ?? 2000;
  const attempts = job.ready_attempts ?? 3;
  let context;
  try {
    // The ready time of a cold start. Another build on the machine's two
    // cores can slow one start past the limit: a slow start is tried again
    // in a new browser (cold again: new process, new profile), up to
    // `attempts` starts; the best is the page's ready time, all are reported.
    let opened;
    for (let attempt = 0; attempt < attempts; ++attempt) {
      if (opened) await opened.context.close();
      opened = await openPage(job, work, attempt, problems);
      result.ready_attempts.push(opened.info.readyAt);
      if (opened.info.readyAt < readyLimit) break;
    }
    context = opened.context;
    const { page, info } = opened;
    result.ready_ms = Math.min(...result.ready_attempts);
    result.duration = info.duration;
    result.chapters = info.chapters;

    // The states, in one round trip per 50 times.
    const times = job.times || [];
    for (let i = 0; i < times.length; i += 50) {
      const chunk = times.slice(i, i + 50);
      const states = await page.evaluate(async (ts) => {
        const out = [];
        for (const t of ts) {
          await window.cinc.seek(t);
          out.push(window.cinc.state());
        }
        return out;
      }, chunk);
      result.states.push(...states);
    }

    // The chapter list at each chapter's start (after two frames, when the
    // panel has followed): whether the current row is wholly in view, how
    // far the top row is cut, and whether the list is scrolled to its end.
    result.chapter_rows = [];
    for (const chapter of info.chapters || []) {
      result.chapter_rows.push(await page.evaluate(async (t) => {
        await window.cinc.seek(t);
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        const list = document.querySelector('.chapter-list');
        const box = list.getBoundingClientRect();
        const rows = [...list.children];
        const on = rows.find((row) => row.classList.contains('on'));
        const top = rows.find((row) => row.getBoundingClientRect().bottom > box.top);
        const onBox = on ? on.getBoundingClientRect() : null;
        return {
          on: on ? rows.indexOf(on) : -1,
          on_whole: !!onBox && onBox.top >= box.top - 0.5 && onBox.bottom <= box.bottom + 0.5,
          top_cut: top ? Math.max(0, box.top - top.getBoundingClientRect().top) : 0,
          at_end: list.scrollTop + list.clientHeight >= list.scrollHeight - 0.5,
          page_scrolled: document.scrollingElement.scrollTop,
        };
      }, chapter.t));
    }

    // The controls, as a user works them: keys, the play button, the
    // scrubber, speed and loop. Each miss is a problem.
    if (job.controls) await checkControls(page, info.duration, problems);

    // Screenshots at the given times, in both views.
    const shots = job.screenshots;
    if (shots && shots.times && shots.times.length) {
      // The viewport without the chapter title (top) and caption (bottom):
      // what is measured is what WebGL drew (and the placeholders' names).
      const box = await page.locator('.viewport').boundingBox();
      const viewport = { x: box.x, y: box.y + 90, width: box.width, height: Math.max(1, box.height - 130) };
      for (const view of ['camera', 'orbit']) {
        const button = page.locator(`#view-${view}`);
        if ((await button.count()) !== 1) {
          problems.push(`no #view-${view} button`);
          continue;
        }
        await button.click();
        for (const { t, name } of shots.times) {
          await page.evaluate((time) => window.cinc.seek(time), t);
          const path = join(shots.folder, `${shots.prefix}-${name}-${view}.png`);
          const png = decodePng(await page.screenshot({ path }));
          const shot = { path, view, t, name, ...measure(png, viewport) };
          if (shots.probe) {
            const p = shots.probe;
            shot.probe_luminance = medianLuminance(png, { x: box.x + p.x * box.width, y: box.y + p.y * box.height,
                                                        width: p.width * box.width, height: p.height * box.height });
          }
          result.screenshots.push(shot);
        }
      }
    }
  } catch (error) {
    problems.push(`failed: ${error.message.split('\n')[0]}`);
  } finally {
    if (context) await context.close();
    await rm(work, { recursive: true, force: true });
  }
  process.stdout.write(JSON.stringify(result) + '\n');
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
