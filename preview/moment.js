// Moments in the URL (docs/gltf.md#moments-in-the-url): the fragment
// `#t=4.2`, `#chapter=3` (1-based), `view=orbit|camera` and `play`, joined
// by `&`, open the page at that moment; while paused, the page writes the
// moment it shows back into the fragment (history.replaceState: no history
// entries), so that the address can be copied and sent. The render mode's
// fragment (`#render…`, render_mode.js) is not a moment.

// The moment the fragment asks for: {time, view, play} (time and view null
// when not given or not understood), or null for the render mode. `t` wins
// over `chapter`; a time is clamped to [0, duration]; a chapter that does not
// exist is left out.
export function momentOf(fragment, chapters, duration) {
  const fields = new URLSearchParams(fragment.replace(/^#/, ''));
  if (fields.has('render')) return null;
  const moment = { time: null, view: null, play: fields.has('play') };
  const t = fields.get('t');
  const chapter = fields.get('chapter');
  if (t !== null && /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(t)) {
    moment.time = Math.min(Math.max(Number(t), 0), duration);
  } else if (chapter !== null && /^\s*\d+\s*$/.test(chapter)) {
    const index = Number(chapter) - 1;
    if (index >= 0 && index < chapters.length) moment.time = chapters[index].t;
  }
  const view = fields.get('view');
  if (view === 'orbit' || view === 'camera') moment.view = view;
  return moment;
}

// The fragment of a paused moment: `#t=T&view=V`, T in seconds to the
// millisecond (no trailing zeros).
export function fragmentOf(time, view) {
  return `#t=${Number(time.toFixed(3))}&view=${view}`;
}

// Writes `fragmentOf(time(), view())` into the address at most every
// `interval` ms (the last call wins): a drag on the scrubber does not flood
// the browser's history API. Returns the function to call when the moment
// changes.
export function fragmentWriter(moment, interval = 100) {
  let timer = null;
  let lastWrite = -Infinity;
  const write = () => {
    timer = null;
    lastWrite = performance.now();
    const { time, view } = moment();
    const fragment = fragmentOf(time, view);
    if (window.location.hash === fragment) return;
    history.replaceState(history.state, '', fragment);
  };
  return () => {
    if (timer !== null) return;
    const wait = Math.max(0, lastWrite + interval - performance.now());
    timer = setTimeout(write, wait);
  };
}
