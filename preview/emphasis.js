// Emphasis and callouts (docs/gltf.md "Emphasis and callouts in the
// preview"): the sequence's vfx `highlight` cues tint their objects over
// [t, end); its vfx `callout` cues are labels with a leader line to their
// anchor's projected point, laid out so that they neither overlap nor leave
// the picture. Ghosting needs nothing here: it is opacity cues.
import * as THREE from 'three';
import { element } from 'cinc/dom.js';

const TINT = new THREE.Color(0xffa31a);  // the highlight's amber
const COLOUR_TINT = 0.6;    // how far the base colour moves to it
const EMISSIVE_TINT = 0.3;  // how far the emissive colour moves to it
const GAP = 28;     // px from the anchor to the label's nearest corner
const MARGIN = 4;   // px kept free at the picture's edges
const SVG = 'http://www.w3.org/2000/svg';

// The highlight spans per object and the callouts, from the cues in time order.
export function readEmphasis(allCues) {
  const highlights = new Map();
  const callouts = [];
  for (const cue of allCues) {
    if (cue.kind !== 'vfx' || !cue.data) continue;
    const end = typeof cue.data.end === 'number' ? cue.data.end : cue.t;
    if (cue.name === 'highlight' && cue.target !== undefined) {
      if (!highlights.has(cue.target)) highlights.set(cue.target, []);
      highlights.get(cue.target).push({ t: cue.t, end });
    } else if (cue.name === 'callout' && cue.target !== undefined) {
      const point = Array.isArray(cue.data.point) ? cue.data.point : [0, 0, 0];
      callouts.push({ t: cue.t, end, target: cue.target, text: String(cue.data.text ?? ''), point });
    }
  }
  return { highlights, callouts };
}

// Tints the objects highlighted at t (base and emissive colours moved
// toward amber), restores the others.
export function applyHighlights(stage, highlights, t) {
  for (const object of stage.objects) {
    const spans = highlights.get(object.name);
    const on = !!spans && spans.some((span) => span.t <= t && t < span.end);
    object.highlighted = on;
    for (const material of object.materials) {
      const base = material.userData.cincBase;
      if (material.color) {
        if (!base.color) base.color = material.color.clone();
        material.color.copy(base.color);
        if (on) material.color.lerp(TINT, COLOUR_TINT);
      }
      if (material.emissive) {
        if (!base.emissive) base.emissive = material.emissive.clone();
        material.emissive.copy(base.emissive);
        if (on) material.emissive.lerp(TINT, EMISSIVE_TINT);
      }
    }
  }
}

// The callouts' layer over the viewport: an SVG for the leaders, a div per label.
export function createCalloutLayer(viewport) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'callout-leaders');
  const labels = element('div', { class: 'callout-labels' });
  viewport.append(svg, labels);
  return { svg, labels, shown: [] };
}

// The label box for an anchor at (x, y) of size (w, h) in a frame
// (width, height): the first candidate (up-right, up-left, down-right,
// down-left of the anchor, GAP away, then 2 and 3 GAPs) inside the frame
// and clear of `placed`; else the first, moved into the frame.
export function placeLabel(x, y, w, h, width, height, placed) {
  const candidates = [];
  for (let step = 1; step <= 3; ++step) {
    const d = GAP * step;
    candidates.push([x + d, y - d - h], [x - d - w, y - d - h], [x + d, y + d], [x - d - w, y + d]);
  }
  const inside = ([left, top]) => left >= MARGIN && top >= MARGIN && left + w <= width - MARGIN && top + h <= height - MARGIN;
  const clear = ([left, top]) => placed.every((box) =>
    left + w <= box.left || box.left + box.width <= left || top + h <= box.top || box.top + box.height <= top);
  for (const candidate of candidates) {
    if (inside(candidate) && clear(candidate)) return { left: candidate[0], top: candidate[1], width: w, height: h };
  }
  const [left, top] = candidates[0];
  return {
    left: Math.min(Math.max(left, MARGIN), Math.max(MARGIN, width - MARGIN - w)),
    top: Math.min(Math.max(top, MARGIN), Math.max(MARGIN, height - MARGIN - h)),
    width: w,
    height: h,
  };
}

const anchor = new THREE.Vector3();

// Draws the callouts shown at t, seen by `camera`, in cue order.
export function drawCallouts(layer, stage, callouts, t, camera) {
  const { width, height } = stage.size;
  layer.svg.setAttribute('width', String(width));
  layer.svg.setAttribute('height', String(height));
  layer.svg.replaceChildren();
  layer.labels.replaceChildren();
  layer.shown = [];
  const byName = new Map(stage.objects.map((object) => [object.name, object]));
  const placed = [];
  for (const callout of callouts) {
    if (!(callout.t <= t && t < callout.end)) continue;
    const object = byName.get(callout.target);
    if (!object || !object.node.visible) continue;
    anchor.fromArray(callout.point);
    object.node.localToWorld(anchor);
    anchor.project(camera);
    if (!(anchor.z < 1) || Math.abs(anchor.x) > 1 || Math.abs(anchor.y) > 1) continue;
    const x = (anchor.x + 1) / 2 * width;
    const y = (1 - anchor.y) / 2 * height;
    const label = element('div', { class: 'callout', text: callout.text });
    layer.labels.append(label);
    const box = placeLabel(x, y, label.offsetWidth, label.offsetHeight, width, height, placed);
    placed.push(box);
    label.style.transform = `translate(${box.left.toFixed(1)}px, ${box.top.toFixed(1)}px)`;
    // The leader: from the anchor to the box's nearest point.
    const ex = Math.min(Math.max(x, box.left), box.left + box.width);
    const ey = Math.min(Math.max(y, box.top), box.top + box.height);
    const line = document.createElementNS(SVG, 'line');
    for (const [name, value] of [['x1', x], ['y1', y], ['x2', ex], ['y2', ey]]) line.setAttribute(name, value.toFixed(1));
    const dot = document.createElementNS(SVG, 'circle');
    dot.setAttribute('cx', x.toFixed(1));
    dot.setAttribute('cy', y.toFixed(1));
    dot.setAttribute('r', '3');
    layer.svg.append(line, dot);
    layer.shown.push({ text: callout.text, target: callout.target, anchor: [x, y], box: { ...box } });
  }
}
