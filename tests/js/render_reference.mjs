#!/usr/bin/env node
// The preview page's own pictures, taken by playwright-core (not by cinc's
// render/), for tests/publish_render_test.py to compare cinc's frames with.
//
// Usage: node tests/js/render_reference.mjs PAGE.html WIDTH HEIGHT OUT_DIR T...
// Opens PAGE.html#render in Debian's Chromium at WIDTH x HEIGHT, and for
// each T awaits window.cinc.seek(T) and writes OUT_DIR/reference-K.png (K
// from 0). Exits 1 on a page error or a refused request.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openOfflineBrowser } from './browser_smoke.mjs';

const [page, width, height, out, ...times] = process.argv.slice(2);
const problems = [];
const profile = await mkdtemp(join(tmpdir(), 'cinc-reference-'));
const viewport = { width: Number(width), height: Number(height) };
const { context, page: tab } = await openOfflineBrowser(profile, viewport, problems);
try {
  await tab.goto(`${pathToFileURL(resolve(page)).href}#render&view=camera`);
  await tab.evaluate(() => window.cinc.ready);
  for (const [index, t] of times.entries()) {
    await tab.evaluate((at) => window.cinc.seek(at), Number(t));
    await writeFile(join(out, `reference-${index}.png`), await tab.screenshot());
  }
} finally {
  await context.close();
  await rm(profile, { recursive: true, force: true });
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
