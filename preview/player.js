// The preview's player: plays a cinc scene in the page `cinc preview` writes.
// This module starts it and runs playback; the other modules (docs/gltf.md
// #preview lists them) each do one job.
//
// What it plays (preview/preview_page.h is the data contract):
// - objects and cameras: the GLB's animation (root nodes named after each
//   object, then each camera), through three's AnimationMixer;
// - opacity: the sequence's `vfx` cues named `opacity` (the last one at or
//   before t, from -> to over its duration with its ease); 0 is not drawn;
// - the camera view: the sequence's camera track as the cinema runtime shows
//   it (camera_track.js);
// - highlights and callouts: vfx `highlight` and `callout` cues (emphasis.js);
// - chapters (marker cues), shots, actions, sounds and vfx cues in the UI.
// The test interface is window.cinc (test_interface.js); the render mode is
// asked for by the URL fragment (render_mode.js), and so is the moment the
// page opens at (moment.js). Under `cinc serve` the page follows the builds
// (live.js), starting the player again on each new build with the moment,
// view and play state carried over.
import { renderModeOf } from 'cinc/render_mode.js';
import { readTimeline } from 'cinc/timeline.js';
import { buildPage, updatePage } from 'cinc/panel.js';
import { adoptCanvas, applyObjects, createStage, disposeStage, render, resize } from 'cinc/stage.js';
import { applyCamera } from 'cinc/camera_track.js';
import { applyHighlights, createCalloutLayer } from 'cinc/emphasis.js';
import { frameAlone, loadGlb } from 'cinc/load.js';
import { publish } from 'cinc/test_interface.js';
import { fragmentWriter, momentOf } from 'cinc/moment.js';
import { followBuilds } from 'cinc/live.js';

const FRAME = 1 / 60;

// Starts the player on the page's data in `root`. `carried` (live.js): the
// state of the player this one replaces ({time, view, playing, speed, loop,
// orbit}), its app kept out of sight (`.app.incoming`) until `ready`.
// Returns {cinc, app, ready, carry, stop, reuse, adopt, stage}.
export function start(root, carried = null) {
  const data = JSON.parse(document.getElementById('cinc-data').textContent);
  const renderMode = renderModeOf(window.location.hash);
  const lifetime = new AbortController();  // the window's listeners, until stop()
  const listen = { signal: lifetime.signal };
  let resolveReady;
  let rejectReady;
  const ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const timeline = readTimeline(data);
  const { duration, cameraTrack } = timeline;
  // `&only=NAME`: that object alone, opaque (its fades left out), framed on it.
  const only = renderMode ? renderMode.only : null;
  const opacityCues = only === null ? timeline.opacityCues : new Map();
  const page = buildPage(root, data, timeline, renderMode, seek);
  if (carried) page.app.classList.add('incoming');
  const stage = createStage(page.viewport, data.preview || {}, Boolean(renderMode && renderMode.transparent),
    carried ? carried.reuse : null);
  const { controls } = stage;
  // A part's picture (`&only`) shows the part alone: no callouts.
  stage.callouts = { layer: createCalloutLayer(page.viewport), list: only === null ? timeline.emphasis.callouts : [] };

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
  if (carried) Object.assign(state, { view: carried.view, speed: carried.speed, loop: carried.loop });
  page.loopBox.checked = state.loop;
  // While paused, the address holds the moment shown (moment.js).
  const noteMoment = renderMode ? () => {} : fragmentWriter(() => ({ time: state.time, view: state.view }));
  let loaded = false;  // the moment the page opens at is not written back
  const updateUi = () => {
    updatePage(page, timeline, state);
    if (!state.playing && loaded) noteMoment();
  };

  function show(t) {
    state.time = Math.min(Math.max(Number.isFinite(t) ? t : 0, 0), duration);
    applyObjects(stage, opacityCues, state.time);
    if (only === null) applyHighlights(stage, timeline.emphasis.highlights, state.time);
    if (only !== null) frameAlone(stage, Boolean(cameraTrack));
    applyCamera(stage, timeline, state, state.time);
    render(stage, state);
    updateUi();
  }

  // ---- playback -----------------------------------------------------------
  let last = null;
  let frameRequested = false;
  let stopped = false;
  function frame(now) {
    frameRequested = false;
    if (stopped) return;
    if (state.playing) {
      const dt = last === null ? 0 : Math.min((now - last) / 1000, 0.1);
      last = now;
      let t = state.time + dt * state.speed;
      if (t >= duration) {
        if (state.loop && duration > 0) {
          t %= duration;
          page.cues.reset();
        } else {
          t = duration;
          state.playing = false;
        }
      }
      show(t);
      if (state.playing) requestFrame();
    } else if (dirty) {
      dirty = false;
      render(stage, state);
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
      page.cues.reset();
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
    page.cues.reset();
    show(Number(t));
    return new Promise((resolve) => requestAnimationFrame(() => resolve()));
  }

  function setView(view) {
    if (view === state.view) return;
    state.view = view;
    controls.enabled = view === 'orbit';
    render(stage, state);
    updateUi();
  }

  page.playButton.addEventListener('click', toggle);
  page.scrubber.addEventListener('input', () => seek(Number(page.scrubber.value)));
  for (const button of page.speedButtons) {
    button.addEventListener('click', () => {
      state.speed = Number(button.dataset.speed);
      updateUi();
    });
  }
  page.loopBox.addEventListener('change', () => { state.loop = page.loopBox.checked; });
  // A moment pasted into the address of an open page.
  window.addEventListener('hashchange', () => { if (loaded) goTo(momentOf(window.location.hash, timeline.chapters, duration)); }, listen);
  page.cameraButton.addEventListener('click', () => setView('camera'));
  page.orbitButton.addEventListener('click', () => setView('orbit'));
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
  }, { capture: true, ...listen });
  window.addEventListener('keyup', (event) => { if (event.key === ' ') event.preventDefault(); }, { capture: true, ...listen });
  const resizing = new ResizeObserver(() => { if (resize(stage)) { render(stage, state); } });
  resizing.observe(page.viewport);

  // ---- moments: the URL's, or the player's this one replaces ---------------
  function goTo(moment) {
    if (!moment) return;
    if (moment.view) setView(moment.view);
    if (moment.time !== null) seek(moment.time);
    if (moment.play) play();
  }
  function carryOver() {
    const moment = carried.latest ? carried.latest() : carried;
    stage.orbitCamera.position.fromArray(moment.orbit.position);
    stage.controls.target.fromArray(moment.orbit.target);
    stage.controls.update();
    setView(moment.view);
    show(moment.time);
    if (moment.playing) play();
  }
  const carry = () => ({
    time: state.time, view: state.view, playing: state.playing, speed: state.speed, loop: state.loop,
    orbit: { position: stage.orbitCamera.position.toArray(), target: stage.controls.target.toArray() },
  });
  // Stops this player; `successor` (a player started with this one's
  // `reuse`) is given the canvas.
  function stop(successor = null) {
    stopped = true;
    state.playing = false;
    lifetime.abort();
    resizing.disconnect();
    controls.dispose();
    const keepEnvironment = Boolean(successor && successor.stage.scene.environment === stage.scene.environment);
    disposeStage(stage, { keepRenderer: Boolean(successor), keepEnvironment });
    if (successor) successor.adopt();
  }
  const reuse = () => ({ renderer: stage.renderer, environment: stage.scene.environment });
  function adopt() {
    adoptCanvas(stage);
    render(stage, state);
  }

  // ---- loading ------------------------------------------------------------
  async function load() {
    await loadGlb(stage, data, timeline, page.labelLayer, only);
    controls.enabled = state.view === 'orbit' && !renderMode;
    page.message.remove();
    if (carried) {
      carryOver();  // drawn at the old player's moment, not at 0 first
    } else {
      show(0);
      goTo(renderMode ? null : momentOf(window.location.hash, timeline.chapters, duration));
    }
    loaded = true;
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  }

  const cinc = publish({ ready, timeline, stage, state, seek, renderMode });
  load().then(() => resolveReady(), (error) => {
    page.message.textContent = `Cannot play this scene: ${error && error.message ? error.message : error}`;
    page.message.classList.add('error');
    console.error(error);
    rejectReady(error);
  });
  const { app } = page;
  if (data.live && !carried) {
    followBuilds(root, { build: data.live.build, app, ready, carry, stop, reuse }, (state) => start(root, state));
  }
  return { cinc, app, ready, carry, stop, reuse, adopt, stage };
}
