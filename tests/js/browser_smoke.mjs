#!/usr/bin/env node
// Smoke test: Debian's Chromium, headless through playwright-core, renders a
// self-contained offline page with three.js inside, opened from file:// with
// every network request refused.
//
// Usage: node tests/js/browser_smoke.mjs [--blob] OUT.png [PAGE.html]
//   With no PAGE.html it writes its own test page (three.js, GLTFLoader and a
//   GLB, all embedded; see offlinePage below) into a temporary folder.
//   With PAGE.html (e.g. `cinc preview`'s output) it opens that instead; the
//   page must set `window.ready` to a promise that settles when it has drawn.
// Fails (exit 1) on any console error, page error, refused request, or a
// `window.ready` that rejects or does not settle in 60 s. Prints timings.
//
// How three.js is inlined so that ES modules work from file:// offline (both
// ways work in Debian's Chromium 156; --blob picks the second):
// - data (the default): a static import map whose every entry is a data: URL,
//     <script type="importmap">{"imports": {
//       "three": "data:text/javascript;base64,...",
//       "three/build/three.core.js": "data:text/javascript;base64,...",
//       "three/addons/loaders/GLTFLoader.js": "data:...", ...}}</script>
//     <script type="module">import * as THREE from 'three'; ...</script>
//   No script runs before the modules; base64 holds no "<", so nothing needs
//   escaping. (No size limit seen: a 6 MB data: URL module loads.)
// - blob: each module's source in one <script type="application/json">
//   (specifier -> source, every "<" written \u003c so no "</script>" or "<!--"
//   in a source can end or confuse the element); a classic script turns each
//   into a blob: URL and inserts an import map of them before any module
//   script runs. A third smaller page: no base64.
// Either way, relative imports inside the sources ('./three.core.js' in
// three.module.js, '../utils/BufferGeometryUtils.js' in GLTFLoader.js)
// cannot resolve against a data: or blob: URL, so they are rewritten to the
// bare specifiers the import map lists, when the page is written
// (threeModules below).
import { chromium } from 'playwright-core';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { makeSampleGlb } from './make_sample_glb.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const threeRoot = join(here, '..', '..', 'node_modules', 'three');

export const CHROMIUM = '/usr/bin/chromium';
// As this machine's notes say: without the background-networking flags
// Chromium keeps trying (and failing) to reach Google's hosts.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// The bare specifier a file of the three package is imported by.
function specifierOf(pathInPackage) {
  if (pathInPackage === 'build/three.module.js') return 'three';
  if (pathInPackage.startsWith('examples/jsm/')) return 'three/addons/' + pathInPackage.slice('examples/jsm/'.length);
  return 'three/' + pathInPackage;
}

// Debian's Chromium, headless and offline, with a fresh profile in
// `profile`: nothing but the page's own file and its data:/blob: URLs may
// load, and every refused request, console error, page error and failed
// load goes to `problems`. Returns {context, page}; the caller closes the
// context.
export async function openOfflineBrowser(profile, viewport, problems) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
    offline: true,
  });
  try {
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (/^(file|data|blob):/.test(url)) return route.continue();
      problems.push(`refused request: ${url}`);
      return route.abort('blockedbyclient');
    });
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => {
      const url = request.url();
      if (/^(file|data|blob):/.test(url)) problems.push(`failed to load: ${url.slice(0, 120)}: ${request.failure()?.errorText}`);
    });
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}

// Reads the three package's files and their relative imports, transitively,
// rewriting each relative import to the bare specifier of its file.
export async function threeModules(entries = ['build/three.module.js', 'examples/jsm/loaders/GLTFLoader.js']) {
  const modules = {};
  const queue = [...entries];
  while (queue.length) {
    const path = queue.shift();
    const specifier = specifierOf(path);
    if (specifier in modules) continue;
    const source = await readFile(join(threeRoot, path), 'utf8');
    modules[specifier] = source.replace(
      /(\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.\.?\/[^'"]+)\2/g,
      (_, keyword, quote, relative) => {
        const target = posix.normalize(posix.join(posix.dirname(path), relative));
        queue.push(target);
        return `${keyword}${quote}${specifierOf(target)}${quote}`;
      },
    );
  }
  return modules;
}

// JSON that is safe inside <script>: "<" only ever occurs inside JSON strings.
const scriptJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

const READY = `// window.ready: settles when the page has drawn (or failed).
window.ready = new Promise((resolve, reject) => { window.readyResolve = resolve; window.readyReject = reject; });
window.addEventListener('error', (event) => window.readyReject(event.error || new Error(event.message)));
window.addEventListener('unhandledrejection', (event) => window.readyReject(event.reason));`;

const BLOB_IMPORT_MAP = `// Offline modules: one blob: URL per embedded source, and an import map of them.
{
  const sources = JSON.parse(document.getElementById('modules').textContent);
  const imports = {};
  for (const [specifier, source] of Object.entries(sources)) {
    imports[specifier] = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  }
  const map = document.createElement('script');
  map.type = 'importmap';
  map.textContent = JSON.stringify({ imports });
  document.currentScript.after(map);
}`;

// A self-contained page: `modules` (specifier -> source) become the import
// map, `data` a JSON element with id "data", `app` the page's module script.
export function offlinePage({ title, modules, data = {}, app, inline = 'data' }) {
  let head;
  if (inline === 'data') {
    const imports = {};
    for (const [specifier, source] of Object.entries(modules)) {
      imports[specifier] = 'data:text/javascript;base64,' + Buffer.from(source, 'utf8').toString('base64');
    }
    head = `<script>\n${READY}\n</script>\n<script type="importmap">${JSON.stringify({ imports })}</script>`;
  } else if (inline === 'blob') {
    head = `<script type="application/json" id="modules">${scriptJson(modules)}</script>
<script>\n${READY}\n${BLOB_IMPORT_MAP}\n</script>`;
  } else {
    throw new Error(`inline: 'data' or 'blob', not ${inline}`);
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<style>html, body { margin: 0; height: 100%; background: #1d2125; } canvas { display: block; }</style>
<script type="application/json" id="data">${scriptJson(data)}</script>
${head}
</head>
<body>
<script type="module">
${app}
</script>
</body>
</html>
`;
}

// The test page: a lit scene with a mesh of three's own and the hand-made
// sample GLB (texture and all), posed by its animation at t = 1 s.
const SMOKE_APP = String.raw`
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

const data = JSON.parse(document.getElementById('data').textContent);
const renderer = new THREE.WebGLRenderer({ antialias: true });
renderer.setSize(innerWidth, innerHeight);
document.body.append(renderer.domElement);

const scene = new THREE.Scene();
scene.background = new THREE.Color(0x1d2125);
scene.add(new THREE.HemisphereLight(0xffffff, 0x404050, 1.5));
const sun = new THREE.DirectionalLight(0xffffff, 2.5);
sun.position.set(3, 6, 4);
scene.add(sun);
scene.add(new THREE.GridHelper(12, 12, 0x888888, 0x444444));
const knot = new THREE.Mesh(new THREE.TorusKnotGeometry(0.8, 0.28, 128, 24), new THREE.MeshStandardMaterial({ color: 0x3d8fd6, roughness: 0.4 }));
knot.position.set(-2.5, 1.3, 0);
scene.add(knot);

const glb = Uint8Array.from(atob(data.glb), (c) => c.charCodeAt(0)).buffer;
const gltf = await new GLTFLoader().parseAsync(glb, '');
scene.add(gltf.scene);
const mixer = new THREE.AnimationMixer(gltf.scene);
const action = mixer.clipAction(gltf.animations[0]);
action.setLoop(THREE.LoopOnce, 1);
action.clampWhenFinished = true;
action.play();
mixer.setTime(1);

const camera = new THREE.PerspectiveCamera(45, innerWidth / innerHeight, 0.1, 100);
camera.position.set(1, 4, 9);
camera.lookAt(0.5, 1, 0);
renderer.render(scene, camera);
await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

const gl = renderer.getContext();
const info = gl.getExtension('WEBGL_debug_renderer_info');
window.readyResolve({
  three: THREE.REVISION,
  renderer: gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER),
  nodes: gltf.scene.children.map((o) => o.name),
  drawCalls: renderer.info.render.calls,
});
`;

async function main(argv) {
  const inline = argv.includes('--blob') ? 'blob' : 'data';
  argv = argv.filter((a) => a !== '--blob');
  if (argv.length < 1 || argv.length > 2) {
    console.error('usage: node tests/js/browser_smoke.mjs [--blob] OUT.png [PAGE.html]');
    return 2;
  }
  const [pngPath, givenPage] = argv;
  const work = await mkdtemp(join(tmpdir(), 'cinc-browser-'));
  const problems = [];
  const times = {};
  let context;
  try {
    let pagePath = givenPage && resolve(givenPage);
    let t = performance.now();
    if (!pagePath) {
      pagePath = join(work, 'smoke.html');
      const html = offlinePage({
        title: 'cinc browser smoke test',
        modules: await threeModules(),
        data: { glb: makeSampleGlb().toString('base64') },
        app: SMOKE_APP,
        inline,
      });
      await writeFile(pagePath, html);
      times.writePage = performance.now() - t;
      times.pageBytes = html.length;
    }

    t = performance.now();
    let page;
    ({ context, page } = await openOfflineBrowser(join(work, 'profile'), { width: 960, height: 540 }, problems));
    times.launch = performance.now() - t;

    t = performance.now();
    await page.goto(pathToFileURL(pagePath).href, { waitUntil: 'load' });
    times.load = performance.now() - t;
    const info = await page.evaluate(
      () =>
        Promise.race([
          window.ready,
          new Promise((_, reject) => setTimeout(() => reject(new Error('window.ready did not settle in 60 s')), 60000)),
        ]),
    );
    times.ready = performance.now() - t;

    t = performance.now();
    await page.screenshot({ path: pngPath });
    times.screenshot = performance.now() - t;
    console.log(`page ready: ${JSON.stringify(info)}`);
  } catch (error) {
    problems.push(`failed: ${error.message.split('\n')[0]}`);
  } finally {
    if (context) await context.close();
    await rm(work, { recursive: true, force: true });
  }
  const ms = (x) => `${Math.round(x)} ms`;
  console.log(
    `timings: ${times.writePage !== undefined ? `write page ${ms(times.writePage)} (${(times.pageBytes / 1e6).toFixed(1)} MB), ` : ''}` +
      `launch ${ms(times.launch ?? NaN)}, load ${ms(times.load ?? NaN)}, ready ${ms(times.ready ?? NaN)} after navigation, ` +
      `screenshot ${ms(times.screenshot ?? NaN)}`,
  );
  for (const problem of problems) console.log(problem);
  if (problems.length) return 1;
  console.log(`screenshot: ${pngPath}`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(process.argv.slice(2));
}
