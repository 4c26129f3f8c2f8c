#!/usr/bin/env node
// Writes a small animated GLB by hand, as a fixture for the harness's own
// test (harness_test.mjs): what cinc's `build --format glb` will write, in
// miniature, with every sampler kind glTF has.
//
// Usage: node tests/js/make_sample_glb.mjs OUT.glb
//
// Scene "assembly", one animation "assembly" (3 s), root nodes:
//   "Box"       mesh; translation LINEAR, rotation LINEAR, scale STEP
//   "Arm Part"  mesh + child "Tip"; translation, rotation and scale CUBICSPLINE
//               (three.js names it "Arm_Part")
//   "Camera"    perspective camera; translation STEP, rotation LINEAR with
//               keyframes whose dot product is negative (shortest path)
//   "Box"       a second, static node of the same name (three.js: "Box_1")
// The material has a 1x1 PNG base colour texture in a buffer view, so that the
// Node texture stub in play_gltf.mjs is exercised.
// The keyframes are exported as SAMPLE (below) so a test can recompute the
// poses from glTF's own formulas.
import { writeFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const S45 = Math.SQRT1_2;
const S60 = Math.sqrt(3) / 2;

// Keyframes: for CUBICSPLINE, `values` holds [inTangent, value, outTangent]
// per keyframe, as glTF stores them.
export const SAMPLE = {
  Box: {
    translation: { interpolation: 'LINEAR', times: [0, 1, 2], values: [[0, 0, 0], [2, 4, -6], [2, 4, -6]] },
    rotation: { interpolation: 'LINEAR', times: [0, 2], values: [[0, 0, 0, 1], [0, S45, 0, S45]] },
    scale: { interpolation: 'STEP', times: [0, 1], values: [[1, 1, 1], [2, 2, 2]] },
  },
  'Arm Part': {
    translation: {
      interpolation: 'CUBICSPLINE',
      times: [0, 2],
      values: [
        [[0, 0, 0], [0, 0, 0], [1, 0, 0]],
        [[0, 3, 0], [4, 0, 0], [0, 0, 0]],
      ],
    },
    rotation: {
      interpolation: 'CUBICSPLINE',
      times: [0, 1],
      values: [
        [[0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 0.5, 0]],
        [[0, 0, 0.5, 0], [0, 0, S45, S45], [0, 0, 0, 0]],
      ],
    },
    scale: {
      interpolation: 'CUBICSPLINE',
      times: [0, 1, 3],
      values: [
        [[0, 0, 0], [1, 1, 1], [0, 1, 0]],
        [[0, 1, 0], [1, 2, 1], [1, 0, 0]],
        [[0, 0, 1], [3, 3, 3], [0, 0, 0]],
      ],
    },
  },
  Camera: {
    translation: { interpolation: 'STEP', times: [0, 1.5], values: [[0, 1, 10], [0, 2, 12]] },
    // 0 deg to 120 deg about Y, the second keyframe written as -q.
    rotation: { interpolation: 'LINEAR', times: [0, 3], values: [[0, 0, 0, 1], [0, -S60, 0, -0.5]] },
  },
};
export const STATIC_BOX = { translation: [5, 0, 0], rotation: [0, 0, 0, 1], scale: [0.5, 0.5, 0.5] };
export const CAMERA = { yfov: 0.8, aspectRatio: 16 / 9, znear: 0.1, zfar: 100 };

function crc32(bytes) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function png1x1(r, g, b) {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, r, g, b]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

class Builder {
  constructor() {
    this.chunks = [];
    this.length = 0;
    this.bufferViews = [];
    this.accessors = [];
  }
  view(bytes, target) {
    const pad = (4 - (this.length % 4)) % 4;
    if (pad) this.push(Buffer.alloc(pad));
    const bv = { buffer: 0, byteOffset: this.length, byteLength: bytes.byteLength };
    if (target) bv.target = target;
    this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    this.bufferViews.push(bv);
    return this.bufferViews.length - 1;
  }
  push(buf) {
    this.chunks.push(buf);
    this.length += buf.length;
  }
  // Float accessor of vectors of `n` components; min/max when asked.
  floats(vectors, type, { minmax = false, target } = {}) {
    const n = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4 }[type];
    const flat = new Float32Array(vectors.flat(Infinity));
    const acc = {
      bufferView: this.view(flat, target),
      componentType: 5126,
      count: flat.length / n,
      type,
    };
    if (minmax) {
      acc.min = [];
      acc.max = [];
      for (let i = 0; i < n; i++) {
        let lo = Infinity;
        let hi = -Infinity;
        for (let j = i; j < flat.length; j += n) {
          lo = Math.min(lo, flat[j]);
          hi = Math.max(hi, flat[j]);
        }
        acc.min.push(lo);
        acc.max.push(hi);
      }
    }
    this.accessors.push(acc);
    return this.accessors.length - 1;
  }
  indices(list) {
    const data = new Uint16Array(list);
    this.accessors.push({ bufferView: this.view(data, 34963), componentType: 5123, count: list.length, type: 'SCALAR' });
    return this.accessors.length - 1;
  }
  binary() {
    const pad = (4 - (this.length % 4)) % 4;
    if (pad) this.push(Buffer.alloc(pad));
    return Buffer.concat(this.chunks);
  }
}

// `staticBox` overrides the static "Box" node's TRS (a test uses it to make a
// file the validator must reject, e.g. a rotation that is not a unit quaternion).
export function makeSampleGlb({ staticBox = STATIC_BOX } = {}) {
  const b = new Builder();
  // A unit square in the XY plane, two triangles, with UVs for the texture.
  const position = b.floats([[-0.5, -0.5, 0], [0.5, -0.5, 0], [0.5, 0.5, 0], [-0.5, 0.5, 0]], 'VEC3', { minmax: true, target: 34962 });
  const normal = b.floats([[0, 0, 1], [0, 0, 1], [0, 0, 1], [0, 0, 1]], 'VEC3', { target: 34962 });
  const uv = b.floats([[0, 1], [1, 1], [1, 0], [0, 0]], 'VEC2', { target: 34962 });
  const index = b.indices([0, 1, 2, 0, 2, 3]);
  const png = png1x1(200, 120, 40);
  const imageView = b.view(new Uint8Array(png));

  const nodes = [
    { name: 'Box', mesh: 0 },
    { name: 'Arm Part', mesh: 0, children: [2] },
    { name: 'Tip', translation: [0, 1, 0] },
    { name: 'Camera', camera: 0 },
    { name: 'Box', mesh: 0, ...staticBox },
  ];
  const nodeIndex = { Box: 0, 'Arm Part': 1, Camera: 3 };
  // Rest poses: the first keyframe's values.
  for (const [name, paths] of Object.entries(SAMPLE)) {
    for (const [path, track] of Object.entries(paths)) {
      const first = track.interpolation === 'CUBICSPLINE' ? track.values[0][1] : track.values[0];
      nodes[nodeIndex[name]][path] = first;
    }
  }

  const samplers = [];
  const channels = [];
  for (const [name, paths] of Object.entries(SAMPLE)) {
    for (const [path, track] of Object.entries(paths)) {
      const input = b.floats(track.times.map((t) => [t]), 'SCALAR', { minmax: true });
      const output = b.floats(track.values, path === 'rotation' ? 'VEC4' : 'VEC3');
      samplers.push({ input, output, interpolation: track.interpolation });
      channels.push({ sampler: samplers.length - 1, target: { node: nodeIndex[name], path } });
    }
  }

  const bin = b.binary();
  const json = {
    asset: { version: '2.0', generator: 'cinc tests/js/make_sample_glb.mjs' },
    scene: 0,
    scenes: [{ name: 'assembly', nodes: [0, 1, 3, 4] }],
    nodes,
    meshes: [{ primitives: [{ attributes: { POSITION: position, NORMAL: normal, TEXCOORD_0: uv }, indices: index, material: 0 }] }],
    materials: [{ name: 'painted', pbrMetallicRoughness: { baseColorTexture: { index: 0 }, metallicFactor: 0, roughnessFactor: 0.8 } }],
    textures: [{ sampler: 0, source: 0 }],
    samplers: [{ magFilter: 9729, minFilter: 9987, wrapS: 10497, wrapT: 10497 }],
    images: [{ bufferView: imageView, mimeType: 'image/png' }],
    cameras: [{ type: 'perspective', perspective: CAMERA }],
    animations: [{ name: 'assembly', samplers, channels }],
    accessors: b.accessors,
    bufferViews: b.bufferViews,
    buffers: [{ byteLength: bin.length }],
  };
  let jsonBytes = Buffer.from(JSON.stringify(json), 'utf8');
  const jsonPad = (4 - (jsonBytes.length % 4)) % 4;
  jsonBytes = Buffer.concat([jsonBytes, Buffer.alloc(jsonPad, 0x20)]);

  const header = Buffer.alloc(12);
  const total = 12 + 8 + jsonBytes.length + 8 + bin.length;
  header.writeUInt32LE(0x46546c67, 0); // "glTF"
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(total, 8);
  const chunkHeader = (length, type) => {
    const h = Buffer.alloc(8);
    h.writeUInt32LE(length, 0);
    h.writeUInt32LE(type, 4);
    return h;
  };
  return Buffer.concat([
    header,
    chunkHeader(jsonBytes.length, 0x4e4f534a), // JSON
    jsonBytes,
    chunkHeader(bin.length, 0x004e4942), // BIN
    bin,
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node tests/js/make_sample_glb.mjs OUT.glb');
    process.exit(2);
  }
  await writeFile(out, makeSampleGlb());
}
