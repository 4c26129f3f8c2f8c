// The preview's player: plays a cinc scene in the page `cinc preview` writes.
//
// What it plays (preview/preview_page.h is the data contract):
// - objects and cameras: the GLB's animation (root nodes named after each
//   object, then each camera), through three's AnimationMixer;
// - opacity: the sequence's `vfx` cues named `opacity` (the last one at or
//   before t, from -> to over its duration with its ease); 0 is not drawn;
// - the camera view: the sequence's camera track as the cinema runtime shows
//   it (sequence/evaluator.cc EvaluateCamera), with the shot cameras' poses
//   read from the GLB's camera nodes and the fov from the track's fov keys
//   (sequence/interpolation.cc SampleChannel);
// - chapters (marker cues), shots, actions, sounds and vfx cues in the UI.
// The test interface is window.cinc = {ready, duration, chapters, seek, state,
// render}.
//
// The render mode (render/ makes pictures and video of it): the URL fragment
// `#render` (with `&view=camera`, the default, or `&view=orbit`) shows the
// picture alone, the viewport filling the window with the chapter title and
// the object labels over it: no side panel, no transport bar, no caption; no
// keys, no mouse, no playing. Time moves only by seek(t), so a frame is the
// state at exactly t whatever the wall clock says.
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { RoomEnvironment } from 'three/addons/environments/RoomEnvironment.js';

const FRAME = 1 / 60;

// The render mode asked for by the URL fragment: null, or {view, transparent,
// title} (`&background=transparent`: cleared to alpha 0; `&title=off`: no
// chapter title).
function renderModeOf(fragment) {
  const fields = new URLSearchParams(fragment.replace(/^#/, ''));
  if (!fields.has('render')) return null;
  return {
    view: fields.get('view') === 'orbit' ? 'orbit' : 'camera',
    transparent: fields.get('background') === 'transparent',
    title: fields.get('title') !== 'off',
  };
}
const SPEEDS = [0.25, 0.5, 1, 2, 4];

// ---------------------------------------------------------------------------
// Sequence evaluation: the same arithmetic as sequence/interpolation.cc and
// core/easing.cc, in doubles.

function bezierCoordinate(p1, p2, s) {
  const inverse = 1 - s;
  return 3 * inverse * inverse * s * p1 + 3 * inverse * s * s * p2 + s * s * s;
}

function bezierSlope(p1, p2, s) {
  const inverse = 1 - s;
  return 3 * inverse * inverse * p1 + 6 * inverse * s * (p2 - p1) + 3 * s * s * (1 - p2);
}

// CSS cubic-bezier timing [x1, y1, x2, y2] at progress u (CubicBezierEase).
export function cubicBezierEase(control, u) {
  if (u <= 0) return 0;
  if (u >= 1) return 1;
  const [x1, y1, x2, y2] = control;
  let low = 0;
  let high = 1;
  let s = u;
  for (let iteration = 0; iteration < 100; ++iteration) {
    const error = bezierCoordinate(x1, x2, s) - u;
    if (error === 0) break;
    if (error < 0) low = s;
    else high = s;
    const slope = bezierSlope(x1, x2, s);
    let next = slope > 1e-12 ? s - error / slope : (low + high) / 2;
    if (!(next > low && next < high)) next = (low + high) / 2;
    if (next === s || high - low <= 1e-17) break;
    s = next;
  }
  return bezierCoordinate(y1, y2, s);
}

const NAMED_EASES = {
  ease_in_out: [1 / 3, 0, 2 / 3, 1],
  ease: [0.25, 0.1, 0.25, 1],
  'ease-in': [0.42, 0, 1, 1],
  'ease-out': [0, 0, 0.58, 1],
  'ease-in-out': [0.42, 0, 0.58, 1],
};

// An ease as written in a cue (a name or a 4-array) at progress u, clamped
// to 0..1 as the exact state clamps it (markers/rig.h).
function applyEase(ease, u) {
  u = Math.min(Math.max(u, 0), 1);
  let value;
  if (Array.isArray(ease)) value = cubicBezierEase(ease, u);
  else if (ease === 'step') value = u >= 1 ? 1 : 0;
  else if (ease in NAMED_EASES) value = cubicBezierEase(NAMED_EASES[ease], u);
  else value = u;  // linear (and anything unknown)
  return Math.min(Math.max(value, 0), 1);
}

const asArray = (value) => (Array.isArray(value) ? value : value === undefined || value === null ? null : [value]);
const componentOr = (values, component, fallback) =>
  values && component < values.length ? values[component] : fallback;

function hermiteSegment(v0, m0, v1, m1, span, u) {
  const u2 = u * u;
  const u3 = u2 * u;
  return (2 * u3 - 3 * u2 + 1) * v0 + (u3 - 2 * u2 + u) * span * m0 + (-2 * u3 + 3 * u2) * v1 + (u3 - u2) * span * m1;
}

function catmullRomTangent(keys, index, component) {
  if (keys.length < 2) return 0;
  let before = index === 0 ? 0 : index - 1;
  let after = index === 0 ? 1 : index + 1;
  if (index + 1 >= keys.length) {
    before = keys.length - 2;
    after = keys.length - 1;
  }
  return (keys[after].value[component] - keys[before].value[component]) / (keys[after].t - keys[before].t);
}

// Keys with their values as arrays (a scalar channel's numbers become [v]).
function normaliseKeys(keys) {
  return (keys || []).map((key) => ({
    t: key.t,
    value: asArray(key.value),
    interp: key.interp || 'linear',
    in_tangent: asArray(key.in_tangent),
    out_tangent: asArray(key.out_tangent),
    ease: key.ease || null,
  }));
}

// A channel's value at t (SampleChannel): an array of its components.
export function sampleChannel(keys, t) {
  const first = keys[0];
  const last = keys[keys.length - 1];
  if (!(t > first.t)) return first.value.slice();
  if (t >= last.t) return last.value.slice();
  // The segment with keys[i].t <= t < keys[i + 1].t (upper bound, minus one).
  let low = 0;
  let high = keys.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (keys[middle].t <= t) low = middle;
    else high = middle;
  }
  const index = low;
  const key = keys[index];
  const next = keys[index + 1];
  if (key.interp === 'step') return key.value.slice();
  const span = next.t - key.t;
  let u = (t - key.t) / span;
  if (key.ease) u = cubicBezierEase(key.ease, u);
  const sample = [];
  for (let component = 0; component < key.value.length; ++component) {
    const v0 = key.value[component];
    const v1 = next.value[component];
    let value = v0;
    switch (key.interp) {
      case 'linear':
        value = v0 + (v1 - v0) * u;
        break;
      case 'hermite': {
        const m1 = next.in_tangent ? componentOr(next.in_tangent, component, 0) : componentOr(next.out_tangent, component, 0);
        value = hermiteSegment(v0, componentOr(key.out_tangent, component, 0), v1, m1, span, u);
        break;
      }
      case 'bezier': {
        const p1 = v0 + componentOr(key.out_tangent, component, 0);
        const p2 = v1 + componentOr(next.in_tangent, component, 0);
        const inverse = 1 - u;
        value = inverse * inverse * inverse * v0 + 3 * inverse * inverse * u * p1 + 3 * inverse * u * u * p2 + u * u * u * v1;
        break;
      }
      case 'smooth':
        value = hermiteSegment(v0, catmullRomTangent(keys, index, component), v1, catmullRomTangent(keys, index + 1, component), span, u);
        break;
      default:
        break;
    }
    sample.push(value);
  }
  return sample;
}

// The shot blend weight (ShotBlendWeight): blend_ease, else smoothstep.
function blendWeight(blendEase, u) {
  u = Math.min(Math.max(u, 0), 1);
  if (blendEase) return cubicBezierEase(blendEase, u);
  return u * u * (3 - 2 * u);
}

// An object's opacity at t from its opacity cues (in cue order): the last
// one at or before t, from -> to over its duration with its ease; 1 when
// the object has none.
function opacityAt(cues, t) {
  let cue = null;
  for (const candidate of cues) {
    if (candidate.t <= t) cue = candidate;
    else break;
  }
  if (!cue) return cues.length ? cues[0].data.from ?? 1 : 1;
  const { from = 1, to = 1, duration = 0, ease = 'linear' } = cue.data || {};
  if (!(duration > 0)) return to;
  // Times are exact decimals written as doubles: t - S can miss d by an ulp
  // at the fade's end (0.3 - 0.1 < 0.2), where the exact state is `to`.
  const elapsed = t - cue.t;
  if (elapsed >= duration - 1e-12 * Math.max(1, Math.abs(t))) return to;
  const u = applyEase(ease, elapsed / duration);
  if (u >= 1) return to;
  if (u <= 0) return from;
  return from + (to - from) * u;
}

// ---------------------------------------------------------------------------
// Small helpers.

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'class') node.className = value;
    else if (name === 'text') node.textContent = value;
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function base64Bytes(text) {
  const binary = atob(text.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; ++i) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const formatTime = (t) => `${t.toFixed(2)} s`;
const plain = (v) => (Object.is(v, -0) ? 0 : v);
const vector = (v) => [v.x, v.y, v.z].map(plain);
const quaternion = (q) => [q.x, q.y, q.z, q.w].map(plain);

function niceCeil(value) {
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

// ---------------------------------------------------------------------------
// The player.

export function start(root) {
  const data = JSON.parse(document.getElementById('cinc-data').textContent);
  const renderMode = renderModeOf(window.location.hash);
  let resolveReady;
  let rejectReady;
  const ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const sequence = data.sequence || { tracks: [] };
  const duration = data.duration;
  const tracks = sequence.tracks || [];

  // Cues, in time order (several cues tracks are filled in order).
  const allCues = [];
  for (const track of tracks) if (track.type === 'cues') allCues.push(...track.cues);
  allCues.sort((a, b) => a.t - b.t);  // stable: file order at one time
  const opacityCues = new Map(data.objects.map((name) => [name, []]));
  for (const cue of allCues) {
    if (cue.kind === 'vfx' && cue.name === 'opacity' && cue.target !== undefined) {
      if (!opacityCues.has(cue.target)) opacityCues.set(cue.target, []);
      opacityCues.get(cue.target).push(cue);
    }
  }
  const chapters = allCues
    .filter((cue) => cue.kind === 'marker')
    .map((cue) => {
      const label = cue.data && typeof cue.data.label === 'string' ? cue.data.label : cue.name;
      const end = cue.data && typeof cue.data.end === 'number' ? cue.data.end : null;
      return { t: cue.t, label, end };
    });
  // The list of what the playhead passes: chapters, actions, sounds, vfx.
  const events = [];
  for (const cue of allCues) {
    if (cue.kind === 'vfx' && cue.name === 'opacity') continue;
    const kind = { marker: 'chapter', script: 'action', sound: 'sound', vfx: 'vfx' }[cue.kind] || cue.kind;
    const label = cue.kind === 'marker' && cue.data && cue.data.label ? cue.data.label : cue.name;
    events.push({ t: cue.t, kind, label, target: cue.target || null });
  }
  for (const track of tracks) {
    if (track.type !== 'audio') continue;
    for (const clip of track.clips) {
      const detail = clip.duration ? `${clip.duration} s` : null;
      events.push({ t: clip.start, kind: 'sound', label: clip.sound, target: detail });
    }
  }
  events.sort((a, b) => a.t - b.t);

  const cameraTrack = tracks.find((track) => track.type === 'camera') || null;
  const fovKeys = cameraTrack && cameraTrack.fov && cameraTrack.fov.length ? normaliseKeys(cameraTrack.fov) : null;
  const focusKeys = cameraTrack && cameraTrack.focus_distance && cameraTrack.focus_distance.length ? normaliseKeys(cameraTrack.focus_distance) : null;
  const apertureKeys = cameraTrack && cameraTrack.aperture && cameraTrack.aperture.length ? normaliseKeys(cameraTrack.aperture) : null;
  const timeTrack = tracks.find((track) => track.type === 'time') || null;
  const timeKeys = timeTrack && timeTrack.scale && timeTrack.scale.length ? normaliseKeys(timeTrack.scale) : null;
  const cameraFov = new Map(data.cameras.map((camera) => [camera.name, camera.fov]));

  // ---- the page -----------------------------------------------------------
  const viewport = element('div', { class: 'viewport' });
  const chapterTitle = element('div', { class: 'chapter-title' });
  const chapterNumber = element('div', { class: 'chapter-number' });
  const viewInfo = element('div', { class: 'view-info' });
  const labelLayer = element('div', { class: 'labels' });
  const message = element('div', { class: 'message', text: 'Loading…' });
  viewport.append(labelLayer, element('div', { class: 'chapter-overlay' }, chapterNumber, chapterTitle), viewInfo, message);

  const playButton = element('button', { class: 'play', title: 'Play / pause (space)', 'aria-label': 'Play' });
  const timeText = element('span', { class: 'time' });
  const scrubber = element('input', { type: 'range', min: '0', max: String(duration), step: 'any', value: '0', 'aria-label': 'Time' });
  const chapterMarks = element('div', { class: 'marks chapters-marks' });
  const shotMarks = element('div', { class: 'marks shot-marks' });
  const scrub = element('div', { class: 'scrub' }, chapterMarks, scrubber, shotMarks);
  const speedButtons = SPEEDS.map((speed) =>
    element('button', { class: 'speed', 'data-speed': String(speed), title: `Speed ${speed}×`, text: `${speed}×` }));
  const loopBox = element('input', { type: 'checkbox', id: 'loop' });
  const transport = element('div', { class: 'transport' },
    playButton, timeText, scrub,
    element('div', { class: 'speeds', role: 'group', 'aria-label': 'Speed' }, ...speedButtons),
    element('label', { class: 'loop', for: 'loop', title: 'Loop' }, loopBox, ' loop'));

  const cameraButton = element('button', { id: 'view-camera', class: 'view', title: 'The sequence\'s output camera (C)', text: 'Camera' });
  const orbitButton = element('button', { id: 'view-orbit', class: 'view', title: 'A free view around the scene (O)', text: 'Orbit' });
  const shotText = element('div', { class: 'shot-text' });
  const chapterList = element('ol', { class: 'chapter-list' });
  const cueList = element('ul', { class: 'cue-list' });
  const panel = element('aside', { class: 'panel' },
    element('header', {},
      element('h1', { text: data.name || 'cinc preview' }),
      element('div', { class: 'sub', text: `${formatTime(duration)} · ${data.objects.length} object${data.objects.length === 1 ? '' : 's'} · ${data.cameras.length} camera${data.cameras.length === 1 ? '' : 's'}` })),
    element('section', {}, element('h2', { text: 'View' }),
      element('div', { class: 'views', role: 'group' }, cameraButton, orbitButton), shotText),
    element('section', { class: 'grow-1' }, element('h2', { text: 'Chapters' }), chapterList),
    element('section', { class: 'grow-2' }, element('h2', { text: 'Cues' }), cueList),
    element('footer', {},
      element('span', { text: 'space play/pause · ←/→ one frame · Home/End · C/O view' })));
  const renderClass = renderMode ? `app render${renderMode.transparent ? ' transparent' : ''}${renderMode.title ? '' : ' no-title'}` : 'app';
  const app = element('div', { class: renderClass }, viewport, transport, panel);
  root.append(app);

  for (const [index, chapter] of chapters.entries()) {
    chapterList.append(element('li', { 'data-index': String(index), title: `Go to ${formatTime(chapter.t)}`, onclick: () => seek(chapter.t) },
      element('span', { class: 'at', text: formatTime(chapter.t) }), element('span', { class: 'label', text: chapter.label })));
  }
  if (!chapters.length) chapterList.append(element('li', { class: 'none', text: 'No chapters' }));
  const cueRows = events.map((event) => {
    const row = element('li', { class: `cue ${event.kind}`, title: `Go to ${formatTime(event.t)}`, onclick: () => seek(event.t) },
      element('span', { class: 'at', text: event.t.toFixed(2) }),
      element('span', { class: 'kind', text: event.kind }),
      element('span', { class: 'label', text: event.label }),
      event.target ? element('span', { class: 'target', text: event.target }) : null);
    cueList.append(row);
    return row;
  });
  const noCues = element('li', { class: 'none', text: events.length ? 'None yet' : 'No cues' });
  cueList.prepend(noCues);

  // Marks on the scrubber: chapters (spans when they have an end) above,
  // shots (with their blends) below.
  const percent = (t) => `${(100 * Math.min(Math.max(t / duration, 0), 1)).toFixed(4)}%`;
  for (const [index, chapter] of chapters.entries()) {
    const title = `${chapter.label} (${formatTime(chapter.t)}${chapter.end !== null && chapter.end > chapter.t ? ` – ${formatTime(chapter.end)}` : ''})`;
    if (chapter.end !== null && chapter.end > chapter.t) {
      chapterMarks.append(element('div', { class: 'span', title, style: `left:${percent(chapter.t)};width:calc(${percent(chapter.end)} - ${percent(chapter.t)})` }));
    }
    chapterMarks.append(element('div', { class: 'tick', title, style: `left:${percent(chapter.t)}` }, element('span', { text: String(index + 1) })));
  }
  if (cameraTrack) {
    cameraTrack.shots.forEach((shot, index) => {
      const next = cameraTrack.shots[index + 1];
      const end = next ? next.start : duration;
      const title = `${shot.camera} from ${formatTime(shot.start)}${shot.blend ? ` (blend ${shot.blend} s)` : ''}`;
      if (shot.blend && index > 0) {
        shotMarks.append(element('div', { class: 'blend', title, style: `left:${percent(shot.start)};width:calc(${percent(Math.min(shot.start + shot.blend, end))} - ${percent(shot.start)})` }));
      }
      shotMarks.append(element('div', { class: 'shot', title, style: `left:${percent(shot.start)};width:calc(${percent(end)} - ${percent(shot.start)})` },
        element('span', { text: shot.camera })));
    });
  }

  // ---- three.js -----------------------------------------------------------
  const transparent = Boolean(renderMode && renderMode.transparent);
  const renderer = new THREE.WebGLRenderer({ antialias: true, alpha: transparent });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  viewport.prepend(renderer.domElement);
  const scene = new THREE.Scene();
  // The look (docs/gltf.md#preview): "studio" lights with an environment
  // made here (three.js's room through PMREM: no file, no network) and tone
  // mapping, so that metal reflects something; "flat" is the hemisphere and
  // two lights alone. The background is the scene's colour.
  const look = data.preview || {};
  const studio = look.lighting !== 'flat';
  const background = new THREE.Color(look.background || '#1c1f24');
  scene.background = transparent ? null : background;
  if (studio) {
    renderer.toneMapping = THREE.NeutralToneMapping;
    const pmrem = new THREE.PMREMGenerator(renderer);
    const room = new RoomEnvironment();
    scene.environment = pmrem.fromScene(room, 0.04).texture;
    room.dispose();
    pmrem.dispose();
  } else {
    scene.add(new THREE.HemisphereLight(0xf2f4ff, 0x3a3f47, 1.6));
  }
  const sun = new THREE.DirectionalLight(0xffffff, studio ? 1.2 : 2.2);
  scene.add(sun, sun.target);
  const fill = new THREE.DirectionalLight(0xdde6ff, studio ? 0.3 : 0.6);
  scene.add(fill, fill.target);

  const outputCamera = new THREE.PerspectiveCamera(60, 1, 0.01, 1000);
  const orbitCamera = new THREE.PerspectiveCamera(45, 1, 0.01, 1000);
  const controls = new OrbitControls(orbitCamera, renderer.domElement);
  controls.enabled = false;

  const objects = [];          // {name, node, meshes, placeholder, label, opacity}
  const cameraNodes = new Map(); // name -> Object3D
  const gizmos = new Map();    // camera name -> gizmo
  let mixer = null;
  let action = null;

  const state = {
    time: 0,
    playing: false,
    speed: 1,
    loop: !!data.loop,
    view: renderMode ? renderMode.view : cameraTrack ? 'camera' : 'orbit',
    shot: null,
    blend: null,
    fov: null,
    focus: null,
    aperture: null,
    outputKnown: false,
  };
  loopBox.checked = state.loop;

  function applyObjects(t) {
    if (action) {
      action.reset();
      mixer.setTime(t);
    }
    for (const object of objects) {
      const opacity = opacityAt(opacityCues.get(object.name) || [], t);
      object.opacity = opacity;
      object.node.visible = opacity > 0;
      const transparent = opacity < 1;
      for (const material of object.materials) {
        const base = material.userData.cincBase;
        const wanted = transparent || base.transparent;
        if (material.transparent !== wanted) {
          material.transparent = wanted;
          material.needsUpdate = true;
        }
        material.opacity = base.opacity * opacity;
        material.depthWrite = transparent ? false : base.depthWrite;
      }
    }
    scene.updateMatrixWorld(true);
  }

  function cameraPose(name) {
    const node = cameraNodes.get(name);
    if (!node) return null;
    const position = node.getWorldPosition(new THREE.Vector3());
    const rotation = node.getWorldQuaternion(new THREE.Quaternion());
    return { position, rotation, fov: cameraFov.has(name) ? cameraFov.get(name) : null };
  }

  // The output camera at t (EvaluateCamera), from the poses the mixer left.
  function applyCamera(t) {
    state.shot = null;
    state.blend = null;
    if (!cameraTrack || !cameraTrack.shots.length) {
      state.outputKnown = false;
      return;
    }
    const shots = cameraTrack.shots;
    let current = 0;
    while (current + 1 < shots.length && shots[current + 1].start <= t) ++current;
    const shot = shots[current];
    state.shot = shot.camera;
    const to = cameraPose(shot.camera);
    let position = to ? to.position : null;
    let rotation = to ? to.rotation : null;
    let fov = to ? to.fov : null;
    const blend = shot.blend || 0;
    if (current > 0 && blend > 0 && t >= shot.start && t < shot.start + blend) {
      const fromName = shots[current - 1].camera;
      const from = cameraPose(fromName);
      const w = blendWeight(shot.blend_ease, (t - shot.start) / blend);
      state.blend = { from: fromName, weight: w };
      if (from && to) {
        position = from.position.clone().lerp(to.position, w);
        rotation = from.rotation.clone().slerp(to.rotation, w);
        if (from.fov !== null && to.fov !== null) fov = from.fov + (to.fov - from.fov) * w;
      } else if (from) {
        position = from.position;
        rotation = from.rotation;
        fov = from.fov;
      }
    }
    if (fovKeys) fov = sampleChannel(fovKeys, t)[0];
    state.focus = focusKeys ? sampleChannel(focusKeys, t)[0] : null;
    state.aperture = focusKeys ? (apertureKeys ? sampleChannel(apertureKeys, t)[0] : 2.8) : null;
    state.outputKnown = position !== null && rotation !== null;
    if (position) outputCamera.position.copy(position);
    if (rotation) outputCamera.quaternion.copy(rotation);
    state.fov = fov;
    if (fov !== null) outputCamera.fov = fov;
    outputCamera.updateProjectionMatrix();
    outputCamera.updateMatrixWorld(true);
  }

  let size = { width: 1, height: 1 };
  function resize() {
    const width = Math.max(1, viewport.clientWidth);
    const height = Math.max(1, viewport.clientHeight);
    if (width === size.width && height === size.height) return false;
    size = { width, height };
    renderer.setSize(width, height, true);
    for (const camera of [outputCamera, orbitCamera]) {
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
    }
    return true;
  }

  const labelPosition = new THREE.Vector3();
  function render() {
    resize();
    const camera = state.view === 'camera' ? outputCamera : orbitCamera;
    for (const [name, gizmo] of gizmos) {
      gizmo.visible = state.view === 'orbit';
      gizmo.material.color.set(name === state.shot ? 0xffc857 : 0x7f8a99);
    }
    renderer.render(scene, camera);
    // Names of the objects drawn as placeholders, over the canvas; names
    // that would land on one another are stacked.
    const placed = [];
    for (const object of objects) {
      if (!object.label) continue;
      object.node.getWorldPosition(labelPosition);
      labelPosition.project(camera);
      const shown = object.node.visible && labelPosition.z < 1 && Math.abs(labelPosition.x) < 1.1 && Math.abs(labelPosition.y) < 1.1;
      object.label.style.display = shown ? '' : 'none';
      if (shown) {
        const x = (labelPosition.x + 1) / 2 * size.width;
        let y = (1 - labelPosition.y) / 2 * size.height;
        while (placed.some(([px, py]) => Math.abs(px - x) < 60 && Math.abs(py - y) < 15)) y += 15;
        placed.push([x, y]);
        object.label.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
        object.label.style.opacity = String(0.35 + 0.65 * object.opacity);
      }
    }
  }

  let passed = -1;
  let shownChapter = null;
  function updateUi() {
    const t = state.time;
    scrubber.value = String(t);
    timeText.textContent = `${t.toFixed(2)} / ${duration.toFixed(2)} s`;
    playButton.classList.toggle('playing', state.playing);
    playButton.setAttribute('aria-label', state.playing ? 'Pause' : 'Play');
    for (const button of speedButtons) button.classList.toggle('on', Number(button.dataset.speed) === state.speed);
    cameraButton.classList.toggle('on', state.view === 'camera');
    orbitButton.classList.toggle('on', state.view === 'orbit');
    // The current chapter: the last one started by t.
    let chapterIndex = -1;
    chapters.forEach((chapter, index) => { if (chapter.t <= t) chapterIndex = index; });
    chapterTitle.textContent = chapterIndex >= 0 ? chapters[chapterIndex].label : '';
    chapterNumber.textContent = chapterIndex >= 0 ? `Chapter ${chapterIndex + 1} of ${chapters.length}` : chapters.length ? 'Before the first chapter' : '';
    if (chapterIndex !== shownChapter) {
      shownChapter = chapterIndex;
      for (const item of chapterList.children) item.classList.toggle('on', Number(item.dataset.index) === chapterIndex);
      const item = chapterList.children[chapterIndex];
      if (item) item.scrollIntoView({ block: 'nearest' });
    }
    // Cues: the ones the playhead has passed; the newest flash while playing.
    let count = 0;
    while (count < events.length && events[count].t <= t) ++count;
    if (count !== passed) {
      cueRows.forEach((row, index) => {
        row.hidden = index >= count;
        row.classList.toggle('fresh', state.playing && index >= passed && index < count && passed >= 0);
      });
      noCues.hidden = count > 0;
      if (count > 0) cueRows[count - 1].scrollIntoView({ block: 'nearest' });
      passed = count;
    }
    // The view's caption and the shot.
    let shot = 'No camera track: the camera view shows a default framing.';
    if (cameraTrack) {
      shot = state.blend ? `${state.blend.from} → ${state.shot} (blend ${(100 * state.blend.weight).toFixed(0)}%)` : state.shot;
      const details = [];
      if (state.fov !== null) details.push(`fov ${state.fov.toFixed(1)}°`);
      if (state.focus !== null) details.push(`focus ${state.focus.toFixed(2)} m f/${state.aperture.toFixed(1)}`);
      if (timeKeys) {
        const scale = Math.min(Math.max(sampleChannel(timeKeys, t)[0], 0), 16);
        if (scale !== 1) details.push(`world time ×${scale.toFixed(2)}`);
      }
      shot = `${shot}${details.length ? ' · ' + details.join(' · ') : ''}`;
    }
    shotText.textContent = shot;
    viewInfo.textContent = state.view === 'camera'
      ? (cameraTrack ? `camera: ${shot}` : 'camera: no camera track (default view)')
      : 'orbit: drag to turn · right-drag to pan · wheel to zoom';
  }

  function show(t) {
    state.time = Math.min(Math.max(Number.isFinite(t) ? t : 0, 0), duration);
    applyObjects(state.time);
    applyCamera(state.time);
    render();
    updateUi();
  }

  // ---- playback -----------------------------------------------------------
  let last = null;
  let frameRequested = false;
  function frame(now) {
    frameRequested = false;
    if (state.playing) {
      const dt = last === null ? 0 : Math.min((now - last) / 1000, 0.1);
      last = now;
      let t = state.time + dt * state.speed;
      if (t >= duration) {
        if (state.loop && duration > 0) {
          t %= duration;
          passed = -1;
        } else {
          t = duration;
          state.playing = false;
        }
      }
      show(t);
      if (state.playing) requestFrame();
    } else if (dirty) {
      dirty = false;
      render();
    }
  }
  let dirty = false;
  function requestFrame() {
    if (frameRequested) return;
    frameRequested = true;
    requestAnimationFrame(frame);
  }
  function redraw() {
    dirty = true;
    requestFrame();
  }

  function play() {
    if (renderMode) return;
    if (state.time >= duration) {
      state.time = 0;
      passed = -1;
    }
    state.playing = true;
    last = null;
    updateUi();
    requestFrame();
  }
  function pause() {
    state.playing = false;
    updateUi();
  }
  const toggle = () => (state.playing ? pause() : play());

  function seek(t) {
    state.playing = false;
    passed = -1;
    show(Number(t));
    return new Promise((resolve) => requestAnimationFrame(() => resolve()));
  }

  function setView(view) {
    if (view === state.view) return;
    state.view = view;
    controls.enabled = view === 'orbit';
    render();
    updateUi();
  }

  playButton.addEventListener('click', toggle);
  scrubber.addEventListener('input', () => seek(Number(scrubber.value)));
  for (const button of speedButtons) {
    button.addEventListener('click', () => {
      state.speed = Number(button.dataset.speed);
      updateUi();
    });
  }
  loopBox.addEventListener('change', () => { state.loop = loopBox.checked; });
  cameraButton.addEventListener('click', () => setView('camera'));
  orbitButton.addEventListener('click', () => setView('orbit'));
  controls.addEventListener('change', () => { if (!state.playing) redraw(); });
  window.addEventListener('keydown', (event) => {
    if (renderMode) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    if (key === ' ' || key === 'Spacebar') toggle();
    else if (key === 'ArrowLeft') seek(Math.round(state.time / FRAME - 1e-9) * FRAME - FRAME);
    else if (key === 'ArrowRight') seek(Math.round(state.time / FRAME + 1e-9) * FRAME + FRAME);
    else if (key === 'Home') seek(0);
    else if (key === 'End') seek(duration);
    else if (key === 'c' || key === 'C') setView('camera');
    else if (key === 'o' || key === 'O') setView('orbit');
    else return;
    event.preventDefault();
  }, true);
  window.addEventListener('keyup', (event) => { if (event.key === ' ') event.preventDefault(); }, true);
  new ResizeObserver(() => { if (resize()) { render(); } }).observe(viewport);

  // ---- loading ------------------------------------------------------------
  async function load() {
    const bytes = base64Bytes(document.getElementById('cinc-glb').textContent);
    const gltf = await new GLTFLoader().parseAsync(bytes.buffer, '');
    scene.add(gltf.scene);
    const roots = gltf.scene.children.slice();
    const byName = new Map();
    for (const node of roots) {
      const name = node.userData.name ?? node.name;
      if (!byName.has(name)) byName.set(name, node);
    }
    const nodeOf = (name, index) => byName.get(name) || roots[index] || null;
    data.objects.forEach((name, index) => {
      const node = nodeOf(name, index);
      if (!node) return;
      const materials = [];
      const meshes = [];
      node.traverse((child) => {
        if (!child.isMesh) return;
        meshes.push(child);
        const cloneOf = (material) => {
          const copy = material.clone();
          copy.userData.cincBase = { opacity: material.opacity, transparent: material.transparent, depthWrite: material.depthWrite };
          materials.push(copy);
          return copy;
        };
        child.material = Array.isArray(child.material) ? child.material.map(cloneOf) : cloneOf(child.material);
      });
      objects.push({ name, node, materials, meshes, placeholder: null, label: null, opacity: 1 });
    });
    data.cameras.forEach((camera, index) => {
      const node = nodeOf(camera.name, data.objects.length + index);
      if (node) cameraNodes.set(camera.name, node);
    });
    if (gltf.animations.length) {
      mixer = new THREE.AnimationMixer(gltf.scene);
      action = mixer.clipAction(gltf.animations[0]);
      action.setLoop(THREE.LoopOnce, 1);
      action.clampWhenFinished = true;
      action.play();
    }

    // The extent of the action: where the objects go over the whole sequence
    // (sampled), with their models' bounds.
    const samples = Math.max(2, Math.min(120, Math.ceil(duration * 10) + 1));
    const extent = new THREE.Box3();
    const positions = new THREE.Box3();
    const modelBox = new THREE.Box3();
    const point = new THREE.Vector3();
    for (let i = 0; i < samples; ++i) {
      const t = (duration * i) / (samples - 1);
      if (action) {
        action.reset();
        mixer.setTime(t);
      }
      gltf.scene.updateMatrixWorld(true);
      for (const object of objects) {
        const shown = opacityAt(opacityCues.get(object.name) || [], t) > 0;
        if (shown || i === 0) positions.expandByPoint(object.node.getWorldPosition(point));
        if (object.meshes.length && shown) {
          modelBox.makeEmpty();
          for (const mesh of object.meshes) modelBox.expandByObject(mesh);
          extent.union(modelBox);
        }
      }
    }
    extent.union(positions);
    if (extent.isEmpty()) extent.set(new THREE.Vector3(-0.5, 0, -0.5), new THREE.Vector3(0.5, 1, 0.5));
    const diagonal = extent.getSize(new THREE.Vector3()).length();

    // Objects without a model: a small box, named, so that their motion shows.
    const spread = positions.isEmpty() ? 0 : positions.getSize(new THREE.Vector3()).length();
    const modelSize = diagonal > spread ? diagonal : spread;
    let placeholderSize = spread > 1e-6 ? Math.min(Math.max(0.045 * modelSize, 0.005), 1) : Math.min(Math.max(0.1 * diagonal, 0.02), 1);
    // ... and no larger than half the usual gap between neighbours (where
    // they are at the end; up to 400 of them looked at).
    const ends = objects.slice(0, 400).map((object) => object.node.getWorldPosition(new THREE.Vector3()));
    const gaps = [];
    for (const a of ends) {
      let nearest = Infinity;
      for (const b of ends) {
        const d = a.distanceTo(b);
        if (d > 1e-9 && d < nearest) nearest = d;
      }
      if (Number.isFinite(nearest)) gaps.push(nearest);
    }
    if (gaps.length) {
      gaps.sort((x, y) => x - y);
      placeholderSize = Math.max(Math.min(placeholderSize, 0.5 * gaps[gaps.length >> 1]), 0.002);
    }
    const labelled = objects.filter((object) => !object.meshes.length).length <= 40;
    const boxGeometry = new THREE.BoxGeometry(placeholderSize, placeholderSize, placeholderSize);
    const edgeGeometry = new THREE.EdgesGeometry(boxGeometry);
    objects.forEach((object, index) => {
      if (object.meshes.length) return;
      const hue = (index * 0.61803398875) % 1;
      const color = new THREE.Color().setHSL(hue, 0.55, 0.55);
      const solid = new THREE.MeshStandardMaterial({ color, roughness: 0.6, metalness: 0 });
      const edges = new THREE.LineBasicMaterial({ color: color.clone().offsetHSL(0, 0, 0.25) });
      for (const material of [solid, edges]) {
        material.userData.cincBase = { opacity: 1, transparent: false, depthWrite: true };
        object.materials.push(material);
      }
      const box = new THREE.Mesh(boxGeometry, solid);
      box.add(new THREE.LineSegments(edgeGeometry, edges));
      box.name = `${object.name} (placeholder)`;
      object.node.add(box);
      object.placeholder = box;
      if (!labelled) return;  // a crowd: names would hide it
      object.label = element('div', { class: 'object-label', text: object.name });
      labelLayer.append(object.label);
    });

    // Cameras in the orbit view: a small frustum each, the shot in charge lit.
    const gizmoSize = Math.max(0.05 * diagonal, 0.01);
    for (const [name, node] of cameraNodes) {
      const fov = THREE.MathUtils.degToRad(cameraFov.get(name) || 50);
      const h = Math.tan(fov / 2) * gizmoSize;
      const w = h * 16 / 9;
      const d = -gizmoSize;
      const corners = [[-w, -h, d], [w, -h, d], [w, h, d], [-w, h, d]];
      const points = [];
      for (const corner of corners) points.push(0, 0, 0, ...corner);
      for (let i = 0; i < 4; ++i) points.push(...corners[i], ...corners[(i + 1) % 4]);
      points.push(-w * 0.4, h * 1.15, d, w * 0.4, h * 1.15, d, w * 0.4, h * 1.15, d, 0, h * 1.6, d, 0, h * 1.6, d, -w * 0.4, h * 1.15, d);
      const geometry = new THREE.BufferGeometry();
      geometry.setAttribute('position', new THREE.Float32BufferAttribute(points, 3));
      const gizmo = new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color: 0x7f8a99 }));
      gizmo.name = `${name} (gizmo)`;
      node.add(gizmo);
      gizmos.set(name, gizmo);
    }

    // The ground grid, lights and the orbit view framed on the action.
    const center = extent.getCenter(new THREE.Vector3());
    const boxSize = extent.getSize(new THREE.Vector3());
    const placeholders = objects.some((object) => object.placeholder);
    const radius = Math.max(diagonal / 2, placeholders ? 4 * placeholderSize : 0, 0.02);
    const gridSize = niceCeil(Math.max(boxSize.x, boxSize.z, radius, 0.05) * 4);
    const grid = new THREE.GridHelper(gridSize, 20, 0x59616d, 0x353b44);
    grid.position.set(0, Math.min(0, extent.min.y) - 1e-4 * gridSize, 0);
    // ... and a coarse one around it, out to the horizon of most shots.
    const wide = new THREE.GridHelper(gridSize * 20, 40, 0x353b44, 0x2c3138);
    wide.position.copy(grid.position).y -= 1e-4 * gridSize;
    // A transparent picture (for a layout) shows the objects alone.
    if (!transparent) scene.add(grid, wide);
    sun.position.copy(center).add(new THREE.Vector3(0.6, 1.2, 0.8).multiplyScalar(radius * 4));
    sun.target.position.copy(center);
    fill.position.copy(center).add(new THREE.Vector3(-1, 0.4, -0.6).multiplyScalar(radius * 4));
    fill.target.position.copy(center);
    const fitDistance = radius / Math.tan(THREE.MathUtils.degToRad(orbitCamera.fov / 2));
    for (const camera of [orbitCamera, outputCamera]) {
      camera.near = Math.max(radius / 500, 1e-4);
      camera.far = Math.max(radius * 500, 100);
    }
    orbitCamera.position.copy(center).add(new THREE.Vector3(1, 0.75, 1.2).normalize().multiplyScalar(fitDistance));
    orbitCamera.lookAt(center);
    controls.target.copy(center);
    controls.update();
    // Without a camera track the camera view shows that framing, still.
    if (!cameraTrack) {
      outputCamera.position.copy(orbitCamera.position);
      outputCamera.quaternion.copy(orbitCamera.quaternion);
      outputCamera.fov = orbitCamera.fov;
    }
    outputCamera.near = Math.min(outputCamera.near, 0.01);
    controls.enabled = state.view === 'orbit' && !renderMode;

    message.remove();
    show(0);
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  }

  // state(): the poses read back from the scene graph.
  const position = new THREE.Vector3();
  const rotation = new THREE.Quaternion();
  const scale = new THREE.Vector3();
  function worldQuaternion(node) {
    node.getWorldQuaternion(rotation);
    if ([rotation.x, rotation.y, rotation.z, rotation.w].every(Number.isFinite)) return quaternion(rotation);
    // A hidden object is scaled to 0: its world matrix has no rotation to
    // decompose, so compose the local rotations instead.
    rotation.identity();
    for (let o = node; o; o = o.parent) rotation.premultiply(o.quaternion);
    return quaternion(rotation);
  }
  function snapshot() {
    scene.updateMatrixWorld(true);
    const result = { time: state.time, objects: {}, camera: null };
    for (const object of objects) {
      result.objects[object.name] = {
        position: vector(object.node.getWorldPosition(position)),
        quaternion: worldQuaternion(object.node),
        scale: vector(object.node.getWorldScale(scale)),
        opacity: object.opacity,
        visible: object.node.visible,
      };
    }
    if (cameraTrack) {
      result.camera = {
        camera: state.shot,
        position: state.outputKnown ? vector(outputCamera.getWorldPosition(position)) : null,
        quaternion: state.outputKnown ? quaternion(outputCamera.getWorldQuaternion(rotation)) : null,
        fov: state.fov,
      };
    }
    return result;
  }

  window.cinc = {
    ready,
    duration,
    chapters: chapters.map((chapter) => ({ ...chapter })),
    seek: (t) => ready.then(() => seek(t)),
    state: snapshot,
    render: renderMode ? { ...renderMode } : null,
  };

  load().then(() => resolveReady(), (error) => {
    message.textContent = `Cannot play this scene: ${error && error.message ? error.message : error}`;
    message.classList.add('error');
    console.error(error);
    rejectReady(error);
  });
  return window.cinc;
}
