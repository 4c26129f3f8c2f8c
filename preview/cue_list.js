// The panel's two lists the playhead walks: the chapters (the current one
// lit) and the cues it has passed (the newest flashing while playing). A
// click on a row seeks to its time.
import { element, formatTime } from 'cinc/dom.js';

// The chapter list: {node, show(index)}, index the current chapter or -1.
export function chapterList(chapters, seek) {
  const node = element('ol', { class: 'chapter-list' });
  for (const [index, chapter] of chapters.entries()) {
    node.append(element('li', { 'data-index': String(index), title: `Go to ${formatTime(chapter.t)}`, onclick: () => seek(chapter.t) },
      element('span', { class: 'at', text: formatTime(chapter.t) }), element('span', { class: 'label', text: chapter.label })));
  }
  if (!chapters.length) node.append(element('li', { class: 'none', text: 'No chapters' }));
  let shown = null;
  function show(chapterIndex) {
    if (chapterIndex === shown) return;
    shown = chapterIndex;
    for (const item of node.children) item.classList.toggle('on', Number(item.dataset.index) === chapterIndex);
    const item = node.children[chapterIndex];
    if (!item) return;
    // Only the list scrolls (scrollIntoView scrolls the page too, and a page
    // embedding it): a row not wholly in view comes to the top, whole.
    const list = node.getBoundingClientRect(), row = item.getBoundingClientRect();
    if (row.top < list.top || row.bottom > list.bottom) node.scrollTop += row.top - list.top;
  }
  return { node, show };
}

// The cue list: {node, show(t, playing), reset()}; reset() makes the next
// show() redraw the rows without flashing them (after a seek or a wrap).
export function cueList(events, seek) {
  const node = element('ul', { class: 'cue-list' });
  const rows = events.map((event) => {
    const row = element('li', { class: `cue ${event.kind}`, title: `Go to ${formatTime(event.t)}`, onclick: () => seek(event.t) },
      element('span', { class: 'at', text: event.t.toFixed(2) }),
      element('span', { class: 'kind', text: event.kind }),
      element('span', { class: 'label', text: event.label }),
      event.target ? element('span', { class: 'target', text: event.target }) : null);
    node.append(row);
    return row;
  });
  const none = element('li', { class: 'none', text: events.length ? 'None yet' : 'No cues' });
  node.prepend(none);
  let passed = -1;
  function show(t, playing) {
    let count = 0;
    while (count < events.length && events[count].t <= t) ++count;
    if (count === passed) return;
    rows.forEach((row, index) => {
      row.hidden = index >= count;
      row.classList.toggle('fresh', playing && index >= passed && index < count && passed >= 0);
    });
    none.hidden = count > 0;
    if (count > 0) rows[count - 1].scrollIntoView({ block: 'nearest' });
    passed = count;
  }
  return { node, show, reset: () => { passed = -1; } };
}
