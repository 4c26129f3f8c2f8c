// Tests the harness itself on a hand-made GLB (make_sample_glb.mjs): the
// validator passes it and fails a broken one, and three.js plays every
// sampler as the glTF 2.0 specification says (recomputed here from the
// spec's formulas, plus a few values worked out by hand).
//
// Usage: node --test tests/js/            (or: node tests/js/harness_test.mjs)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { makeSampleGlb, SAMPLE, STATIC_BOX, CAMERA } from './make_sample_glb.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);
const node = (script, ...args) => run(process.execPath, [join(here, script), ...args]);

const TIMES = [0, 0.25, 0.5, 0.999, 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4, -1, 0.5, 2.9];
const EPS = 1e-5;

// glTF 2.0, Appendix C (interpolation), evaluated in doubles.
function expectedValue(track, t, isRotation) {
  const { times, values, interpolation } = track;
  const cubic = interpolation === 'CUBICSPLINE';
  const value = (k) => (cubic ? values[k][1] : values[k]);
  const last = times.length - 1;
  if (t <= times[0]) return value(0);
  if (t >= times[last]) return value(last);
  let k = 0;
  while (!(t >= times[k] && t < times[k + 1])) k++;
  if (interpolation === 'STEP') return value(k);
  const td = times[k + 1] - times[k];
  const s = (t - times[k]) / td;
  if (interpolation === 'LINEAR') {
    const v0 = value(k);
    const v1 = value(k + 1);
    if (!isRotation) return v0.map((x, i) => (1 - s) * x + s * v1[i]);
    const d = v0.reduce((acc, x, i) => acc + x * v1[i], 0);
    const a = Math.acos(Math.min(1, Math.abs(d)));
    const sign = Math.sign(d) || 1;
    if (a < 1e-9) return v0;
    return v0.map((x, i) => (Math.sin(a * (1 - s)) / Math.sin(a)) * x + (sign * Math.sin(a * s) / Math.sin(a)) * v1[i]);
  }
  const v0 = values[k][1];
  const b0 = values[k][2];
  const v1 = values[k + 1][1];
  const a1 = values[k + 1][0];
  const s2 = s * s;
  const s3 = s2 * s;
  const p = v0.map(
    (x, i) => (2 * s3 - 3 * s2 + 1) * x + td * (s3 - 2 * s2 + s) * b0[i] + (-2 * s3 + 3 * s2) * v1[i] + td * (s3 - s2) * a1[i],
  );
  if (!isRotation) return p;
  const len = Math.hypot(...p);
  return p.map((x) => x / len);
}

function assertClose(actual, expected, what) {
  assert.equal(actual.length, expected.length, what);
  for (let i = 0; i < expected.length; i++) {
    assert.ok(Math.abs(actual[i] - expected[i]) < EPS, `${what}: got [${actual}], expected [${expected}]`);
  }
}

// Quaternions q and -q are the same rotation.
function assertSameRotation(actual, expected, what) {
  const dot = actual.reduce((acc, x, i) => acc + x * expected[i], 0);
  assert.ok(Math.abs(Math.abs(dot) - 1) < EPS, `${what}: got [${actual}], expected ±[${expected}]`);
}

let dir;
let glb;
let played;

test('set up: write the sample GLB and play it', async () => {
  dir = await mkdtemp(join(tmpdir(), 'cinc-harness-'));
  glb = join(dir, 'sample.glb');
  await writeFile(glb, makeSampleGlb());
  await writeFile(join(dir, 'samples.json'), JSON.stringify({ times: TIMES }));
  const { stdout } = await node('play_gltf.mjs', glb, join(dir, 'samples.json'));
  played = JSON.parse(stdout);
});

test('the validator passes the sample with no error and no warning', async () => {
  const { stdout } = await node('validate_gltf.mjs', glb);
  assert.match(stdout, /: 0 errors, 0 warnings, \d+ infos, \d+ hints\n/);
});

test('the validator fails a file with an error, naming it and its pointer', async () => {
  const bad = join(dir, 'bad.glb');
  await writeFile(bad, makeSampleGlb({ staticBox: { ...STATIC_BOX, rotation: [0, 0, 0.5, 0.5] } }));
  await assert.rejects(node('validate_gltf.mjs', glb, bad), (error) => {
    assert.equal(error.code, 1);
    assert.match(error.stdout, /bad\.glb: 1 errors, 0 warnings/);
    assert.match(error.stdout, /ERROR ROTATION_NON_UNIT \/nodes\/4\/rotation: /);
    return true;
  });
});

test('root nodes are reported under three.js names, children are not', () => {
  assert.deepEqual(Object.keys(played.nodes).sort(), ['Arm_Part', 'Box', 'Box_1', 'Camera']);
  assert.equal(played.nodes.Arm_Part.name, 'Arm Part');
  assert.equal(played.nodes.Box_1.name, 'Box');
  assert.deepEqual(played.times, TIMES);
  assert.deepEqual(played.animation, { name: 'assembly', duration: 3 });
  for (const entry of Object.values(played.nodes)) {
    for (const key of ['position', 'quaternion', 'scale']) assert.equal(entry[key].length, TIMES.length);
  }
});

test('three.js plays STEP, LINEAR and CUBICSPLINE as glTF specifies', () => {
  const keys = { translation: 'position', rotation: 'quaternion', scale: 'scale' };
  const threeName = { Box: 'Box', 'Arm Part': 'Arm_Part', Camera: 'Camera' };
  for (const [name, paths] of Object.entries(SAMPLE)) {
    for (const [path, track] of Object.entries(paths)) {
      TIMES.forEach((t, i) => {
        const actual = played.nodes[threeName[name]][keys[path]][i];
        const expected = expectedValue(track, t, path === 'rotation');
        const what = `${name} ${path} (${track.interpolation}) at t=${t}`;
        if (path === 'rotation') assertSameRotation(actual, expected, what);
        else assertClose(actual, expected, what);
      });
    }
  }
});

test('worked by hand', () => {
  const at = (node, key, t) => played.nodes[node][key][TIMES.indexOf(t)];
  // LINEAR translation, midpoint of the first segment.
  assertClose(at('Box', 'position', 0.5), [1, 2, -3], 'Box position 0.5');
  // LINEAR rotation, 0 -> 90 deg about Y at half way: 45 deg.
  const h = Math.PI / 8;
  assertSameRotation(at('Box', 'quaternion', 1), [0, Math.sin(h), 0, Math.cos(h)], 'Box rotation 1');
  // STEP holds until the next keyframe, which takes over at its own time.
  assertClose(at('Box', 'scale', 0.999), [1, 1, 1], 'Box scale 0.999');
  assertClose(at('Box', 'scale', 1), [2, 2, 2], 'Box scale 1');
  // CUBICSPLINE, td = 2, b0 = (1,0,0), a1 = (0,3,0), v0 = 0, v1 = (4,0,0):
  // s = 1/2: 0.5 v1 + 2(0.125) b0 + 2(-0.125) a1 = (2.25, -0.75, 0);
  // s = 1/4: 0.15625 v1 + 2(0.140625) b0 + 2(-0.046875) a1 = (0.90625, -0.28125, 0).
  assertClose(at('Arm_Part', 'position', 1), [2.25, -0.75, 0], 'Arm position 1');
  assertClose(at('Arm_Part', 'position', 0.5), [0.90625, -0.28125, 0], 'Arm position 0.5');
  // LINEAR rotation from identity to -q(120 deg about Y): the short way, so 60 deg at half way.
  assertSameRotation(at('Camera', 'quaternion', 1.5), [0, 0.5, 0, Math.sqrt(3) / 2], 'Camera rotation 1.5');
  // Past the end the last pose holds; before the start the first; a time after
  // the end is followed by an earlier one correctly (the action is reset).
  assertClose(at('Box', 'position', 4), [2, 4, -6], 'Box position 4');
  assertClose(at('Arm_Part', 'scale', 4), [3, 3, 3], 'Arm scale 4');
  assertClose(at('Arm_Part', 'position', -1), [0, 0, 0], 'Arm position -1');
  assertClose(played.nodes.Box.position[TIMES.lastIndexOf(0.5)], [1, 2, -3], 'Box position 0.5 after 4');
  // The static node keeps its own TRS.
  for (let i = 0; i < TIMES.length; i++) {
    assertClose(played.nodes.Box_1.position[i], STATIC_BOX.translation, 'Box_1 position');
    assertClose(played.nodes.Box_1.scale[i], STATIC_BOX.scale, 'Box_1 scale');
  }
});

test('the camera is a perspective camera with the file\'s parameters', () => {
  const camera = played.cameras.Camera;
  assert.equal(camera.type, 'perspective');
  for (const key of Object.keys(CAMERA)) assert.ok(Math.abs(camera[key] - CAMERA[key]) < EPS, key);
});

test('clean up', async () => {
  await rm(dir, { recursive: true, force: true });
});
