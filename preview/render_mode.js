// The render mode (render/ makes pictures and video of it): the URL fragment
// `#render` (with `&view=camera`, the default, or `&view=orbit`) shows the
// picture alone, the viewport filling the window with the chapter title and
// the object labels over it: no side panel, no transport bar, no caption; no
// keys, no mouse, no playing. Time moves only by seek(t), so a frame is the
// state at exactly t whatever the wall clock says.

// The render mode asked for by the URL fragment: null, or {view, transparent,
// title} (`&background=transparent`: cleared to alpha 0; `&title=off`: no
// chapter title).
export function renderModeOf(fragment) {
  const fields = new URLSearchParams(fragment.replace(/^#/, ''));
  if (!fields.has('render')) return null;
  return {
    view: fields.get('view') === 'orbit' ? 'orbit' : 'camera',
    transparent: fields.get('background') === 'transparent',
    title: fields.get('title') !== 'off',
  };
}
