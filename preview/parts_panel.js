// The side panel's parts: the current chapter's parts with their counts,
// from the page data's `parts` (views/parts_list.h's JSON, as `cinc parts
// --json` prints it).
import { element } from 'cinc/dom.js';

// The chapter of `chapters` (parts list order) whose span holds t: the
// latest-starting one, as the parts list assigns parts; -1 for none.
export function partsChapterAt(chapters, t) {
  let found = -1;
  let start = -Infinity;
  chapters.forEach((chapter, index) => {
    if (chapter.label === null || chapter.label === undefined) return;
    if (chapter.start <= t && t < chapter.end && chapter.start >= start) {
      found = index;
      start = chapter.start;
    }
  });
  return found;
}

// One line: "8 × Shelf pin (P-12)"; a model without a part name shows its model's name.
const partText = (part) => `${part.name ?? part.model}${part.number ? ` (${part.number})` : ''}`;

// The panel section, or null when the page has no parts list.
export function partsPanel(parts) {
  if (!parts || !Array.isArray(parts.chapters)) return null;
  const title = element('div', { class: 'sub parts-chapter' });
  const list = element('ul', { class: 'parts-list' });
  const node = element('section', {}, element('h2', { text: 'Parts' }), title, list);
  let shownIndex = null;
  function show(t) {
    const index = partsChapterAt(parts.chapters, t);
    if (index === shownIndex) return;
    shownIndex = index;
    list.replaceChildren();
    if (index < 0) {
      title.textContent = '';
      list.append(element('li', { class: 'none', text: 'No parts come in here' }));
      return;
    }
    const chapter = parts.chapters[index];
    title.textContent = chapter.label;
    if (!chapter.parts.length) list.append(element('li', { class: 'none', text: 'No new parts' }));
    for (const part of chapter.parts) {
      list.append(element('li', {}, element('span', { class: 'count', text: `${part.count} ×` }),
        element('span', { class: 'part', text: partText(part) })));
    }
  }
  return { node, show };
}
