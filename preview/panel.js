// The page around the picture: the viewport's overlays (chapter title, view
// caption, object labels, the loading message), the transport bar (play,
// time, the scrubber with chapter and shot marks, speeds, loop) and the side
// panel (name, view buttons, the shot, chapters, the chapter's parts, cues). The render mode
// hides the transport and the panel (page.html's `.app.render`).
import { element, formatTime } from 'cinc/dom.js';
import { chapterList, cueList } from 'cinc/cue_list.js';
import { sampleChannel } from 'cinc/evaluate.js';
import { partsPanel } from 'cinc/parts_panel.js';

export const SPEEDS = [0.25, 0.5, 1, 2, 4];

// Builds the page into root; `seek(t)` is what a click on a chapter or a cue
// calls. Returns the elements the player drives.
export function buildPage(root, data, timeline, renderMode, seek) {
  const { duration } = timeline;
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
  const chapters = chapterList(timeline.chapters, seek);
  const cues = cueList(timeline.events, seek);
  const parts = partsPanel(data.parts);
  const panel = element('aside', { class: 'panel' },
    element('header', {},
      element('h1', { text: data.name || 'cinc preview' }),
      element('div', { class: 'sub', text: `${formatTime(duration)} · ${data.objects.length} object${data.objects.length === 1 ? '' : 's'} · ${data.cameras.length} camera${data.cameras.length === 1 ? '' : 's'}` })),
    element('section', {}, element('h2', { text: 'View' }),
      element('div', { class: 'views', role: 'group' }, cameraButton, orbitButton), shotText),
    element('section', { class: 'grow-1' }, element('h2', { text: 'Chapters' }), chapters.node),
    parts ? parts.node : null,
    element('section', { class: 'grow-2' }, element('h2', { text: 'Cues' }), cues.node),
    element('footer', {},
      element('span', { text: 'space play/pause · ←/→ one frame · Home/End · C/O view' })));
  const renderClass = renderMode ? `app render${renderMode.transparent ? ' transparent' : ''}${renderMode.title ? '' : ' no-title'}` : 'app';
  const app = element('div', { class: renderClass }, viewport, transport, panel);
  root.append(app);
  markScrubber(chapterMarks, shotMarks, timeline);
  return {
    app, viewport, chapterTitle, chapterNumber, viewInfo, labelLayer, message, playButton, timeText,
    scrubber, speedButtons, loopBox, cameraButton, orbitButton, shotText, chapters, cues, parts,
  };
}

// Marks on the scrubber: chapters (spans when they have an end) above,
// shots (with their blends) below.
function markScrubber(chapterMarks, shotMarks, timeline) {
  const { duration, cameraTrack } = timeline;
  const percent = (t) => `${(100 * Math.min(Math.max(t / duration, 0), 1)).toFixed(4)}%`;
  for (const [index, chapter] of timeline.chapters.entries()) {
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
}

// Brings the page up to the player's state: the transport, the chapter, the
// cues passed, the shot and the view's caption.
export function updatePage(page, timeline, state) {
  const t = state.time;
  const { duration, chapters, cameraTrack, timeKeys } = timeline;
  page.scrubber.value = String(t);
  page.timeText.textContent = `${t.toFixed(2)} / ${duration.toFixed(2)} s`;
  page.playButton.classList.toggle('playing', state.playing);
  page.playButton.setAttribute('aria-label', state.playing ? 'Pause' : 'Play');
  for (const button of page.speedButtons) button.classList.toggle('on', Number(button.dataset.speed) === state.speed);
  page.cameraButton.classList.toggle('on', state.view === 'camera');
  page.orbitButton.classList.toggle('on', state.view === 'orbit');
  // The current chapter: the last one started by t.
  let chapterIndex = -1;
  chapters.forEach((chapter, index) => { if (chapter.t <= t) chapterIndex = index; });
  page.chapterTitle.textContent = chapterIndex >= 0 ? chapters[chapterIndex].label : '';
  page.chapterNumber.textContent = chapterIndex >= 0 ? `Chapter ${chapterIndex + 1} of ${chapters.length}` : chapters.length ? 'Before the first chapter' : '';
  page.chapters.show(chapterIndex);
  page.cues.show(t, state.playing);
  if (page.parts) page.parts.show(t);
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
  page.shotText.textContent = shot;
  page.viewInfo.textContent = state.view === 'camera'
    ? (cameraTrack ? `camera: ${shot}` : 'camera: no camera track (default view)')
    : 'orbit: drag to turn · right-drag to pan · wheel to zoom';
}
