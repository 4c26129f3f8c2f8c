// Sequence evaluation for the player: the same arithmetic as
// sequence/interpolation.cc and core/easing.cc, in doubles.

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
export function normaliseKeys(keys) {
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
export function blendWeight(blendEase, u) {
  u = Math.min(Math.max(u, 0), 1);
  if (blendEase) return cubicBezierEase(blendEase, u);
  return u * u * (3 - 2 * u);
}

// An object's opacity at t from its opacity cues (in cue order): the last
// one at or before t, from -> to over its duration with its ease; 1 when
// the object has none.
export function opacityAt(cues, t) {
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
