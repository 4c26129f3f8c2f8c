// What the player reads from the page's data before anything is drawn: the
// cues in time order, the opacity cues per object, highlights and callouts, the chapters, the list of
// what the playhead passes, and the camera and time tracks' keys.
import { normaliseKeys } from 'cinc/evaluate.js';
import { readEmphasis } from 'cinc/emphasis.js';

// Keys of a track's channel, normalised; null when it has none.
const keysOf = (track, channel) =>
  track && track[channel] && track[channel].length ? normaliseKeys(track[channel]) : null;

// The timeline of the page's data (preview/preview_page.h is its contract).
export function readTimeline(data) {
  const sequence = data.sequence || { tracks: [] };
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
  const timeTrack = tracks.find((track) => track.type === 'time') || null;
  return {
    duration: data.duration,
    opacityCues,
    emphasis: readEmphasis(allCues),
    chapters,
    events,
    cameraTrack,
    fovKeys: keysOf(cameraTrack, 'fov'),
    focusKeys: keysOf(cameraTrack, 'focus_distance'),
    apertureKeys: keysOf(cameraTrack, 'aperture'),
    timeKeys: keysOf(timeTrack, 'scale'),
    cameraFov: new Map(data.cameras.map((camera) => [camera.name, camera.fov])),
  };
}
