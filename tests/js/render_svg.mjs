#!/usr/bin/env node
// Renders SVG files to PNG in Debian's Chromium (headless, through
// playwright-core, offline), for tests/timeline_test.py.
//
// Usage: node tests/js/render_svg.mjs JOB.json > RESULT.json
//   JOB: {"files": [{"svg": "a.svg", "png": "a.png"}, ...]}
//   RESULT: {"renders": [{"svg", "png", "width", "height" (of the drawn
//            <svg> element in CSS pixels), "colours" (distinct RGB values in
//            the PNG), "non_background" (share of pixels that are not
//            white)}], "problems": [...]}
// Each file is opened from file:// as a document (its root must be drawn as
// <svg>), then drawn as an <img> at its own size and screenshot. Problems (a failure for the caller): a
// console or page error, a refused request, an SVG that Chromium shows as
// an XML error page (no <svg> root drawn).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openOfflineBrowser } from './browser_smoke.mjs';
import { decodePng } from './png.mjs';

const job = JSON.parse(await readFile(process.argv[2], 'utf8'));
const problems = [];
const profile = await mkdtemp(join(tmpdir(), 'cinc-render-svg-'));
const renders = [];
const { context, page } = await openOfflineBrowser(profile, { width: 1600, height: 900 }, problems);
try {
  for (const file of job.files) {
    await page.goto(pathToFileURL(resolve(file.svg)).href);
    const size = await page.evaluate(() => {
      const root = document.documentElement;
      if (!root || root.localName !== 'svg') return null;
      const box = root.getBoundingClientRect();
      return { width: box.width, height: box.height };
    });
    if (size === null) {
      problems.push(`${file.svg}: Chromium did not draw it as an SVG document`);
      continue;
    }
    // Chromium screenshots an SVG document poorly (it waits forever): the
    // picture is drawn as an <img> of a page beside it instead.
    const viewer = join(profile, 'view.html');
    await writeFile(viewer, '<!doctype html><html><body style="margin:0;background:#fff">' +
      `<img id="svg" src="${pathToFileURL(resolve(file.svg)).href}"></body></html>`);
    await page.setViewportSize({ width: Math.ceil(size.width), height: Math.ceil(size.height) });
    await page.goto(pathToFileURL(viewer).href);
    const loaded = await page.evaluate(() => {
      const image = document.getElementById('svg');
      return image.decode().then(() => image.naturalWidth > 0, () => false);
    });
    if (!loaded) {
      problems.push(`${file.svg}: Chromium could not draw it as an image`);
      continue;
    }
    const buffer = await page.locator('#svg').screenshot({ path: file.png });
    const image = decodePng(buffer);
    const colours = new Set();
    let nonWhite = 0;
    for (let i = 0; i < image.width * image.height; ++i) {
      const r = image.pixels[i * image.channels];
      const g = image.pixels[i * image.channels + 1];
      const b = image.pixels[i * image.channels + 2];
      colours.add((r << 16) | (g << 8) | b);
      if (r < 250 || g < 250 || b < 250) ++nonWhite;
    }
    renders.push({
      svg: file.svg, png: file.png, width: size.width, height: size.height,
      colours: colours.size, non_background: nonWhite / (image.width * image.height),
    });
  }
} finally {
  await context.close();
  await rm(profile, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify({ renders, problems }) + '\n');
