#!/usr/bin/env node
// Plays a GLB's first animation with three.js's own GLTFLoader and
// AnimationMixer, in Node with no rendering, and prints the pose of every
// named root node at the given times.
//
// Usage: node tests/js/play_gltf.mjs FILE.glb SAMPLES.json
//        (or a FILE.gltf whose buffers and images are embedded data: URIs)
//   SAMPLES.json: {"times": [t0, t1, ...]}   (seconds, in any order)
// Prints JSON on stdout:
//   {"times": [...],
//    "animation": {"name": "...", "duration": D} | null,
//    "nodes": {"NAME": {"name": "NAME AS IN THE FILE",
//                        "position": [[x,y,z], ...],
//                        "quaternion": [[x,y,z,w], ...],
//                        "scale": [[x,y,z], ...]}, ...},
//    "cameras": {"NAME": {"type": "perspective", "yfov": RADIANS,
//                         "aspectRatio": A, "znear": N, "zfar": F}, ...}}
// with one entry per time, for every node at the scene's root level that has
// a name. NAME is the name three.js gives the node: GLTFLoader replaces
// whitespace with "_", drops the characters []:./ and makes names unique
// with a "_1", "_2", ... suffix, in the order it meets them: the scene's own
// name first, then nodes, children and camera names as met (a node named
// like the scene comes out as NAME_1). "name" is the node's name as written
// in the file.
//
// Poses are world transforms (getWorldPosition/Quaternion/Scale after
// scene.updateMatrixWorld(true)), i.e. decomposed from the world matrix: a
// quaternion may come out as -q of the keyframe's q (compare |dot| with 1),
// and a mirrored node shows its mirror as a negative x scale.
//
// Sampling: the clip plays once (LoopOnce) with clampWhenFinished, so a time
// past the clip's end holds the final pose and a negative time the first.
// Before each time the action is reset(): a LoopOnce + clampWhenFinished
// action that reached its end is paused, and mixer.setTime() alone would
// then leave it at time 0 for every later sample.
//
// What is stubbed for Node (no DOM, no WebGL):
// - images: a GLTFLoader plugin swaps the parser's texture loader for one
//   that loads nothing and hands back an empty THREE.Texture, so textures
//   and materials still resolve (image pixels are never decoded);
// - globalThis.self = globalThis when missing, since GLTFLoader reads
//   self.URL for images stored in buffer views;
// - globalThis.ProgressEvent when missing (a bare Event with loaded/total):
//   three's FileLoader, which fetches a .gltf's data: URI buffers, reports
//   progress with it.
// Nothing else: GLTFLoader's samplers (STEP, LINEAR, CUBICSPLINE) and its
// quaternion handling (slerp; normalised cubic spline) are three's own.
import { readFile } from 'node:fs/promises';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

if (typeof globalThis.self === 'undefined') globalThis.self = globalThis;
if (typeof globalThis.ProgressEvent === 'undefined') {
  globalThis.ProgressEvent = class ProgressEvent extends Event {
    constructor(type, { lengthComputable = false, loaded = 0, total = 0 } = {}) {
      super(type);
      Object.assign(this, { lengthComputable, loaded, total });
    }
  };
}

// A texture loader that never touches an image: Node has neither
// document.createElement('img') nor createImageBitmap.
class NoImageTextureLoader extends THREE.Loader {
  load(url, onLoad) {
    const texture = new THREE.Texture();
    texture.userData.stubbedImage = url;
    queueMicrotask(() => onLoad(texture));
    return texture;
  }
  setCrossOrigin() { return this; }
  setWithCredentials() { return this; }
  setRequestHeader() { return this; }
}

function parseGltf(arrayBuffer) {
  const loader = new GLTFLoader();
  loader.register((parser) => {
    parser.textureLoader = new NoImageTextureLoader(parser.options.manager);
    return { name: 'CINC_node_no_images' };
  });
  return new Promise((resolve, reject) => loader.parse(arrayBuffer, '', resolve, reject));
}

const round = (v) => (Object.is(v, -0) ? 0 : v);

async function main(argv) {
  if (argv.length !== 2) {
    console.error('usage: node tests/js/play_gltf.mjs FILE.glb|FILE.gltf SAMPLES.json');
    return 2;
  }
  const [glbPath, samplesPath] = argv;
  const samples = JSON.parse(await readFile(samplesPath, 'utf8'));
  const times = samples.times;
  if (!Array.isArray(times) || !times.every((t) => typeof t === 'number' && Number.isFinite(t))) {
    console.error(`${samplesPath}: needs {"times": [numbers...]}`);
    return 2;
  }
  const file = await readFile(glbPath);
  const arrayBuffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
  const gltf = await parseGltf(arrayBuffer);
  const scene = gltf.scene;

  const clip = gltf.animations[0];
  const mixer = new THREE.AnimationMixer(scene);
  let action = null;
  if (clip) {
    action = mixer.clipAction(clip);
    action.setLoop(THREE.LoopOnce, 1);
    action.clampWhenFinished = true;
    action.play();
  } else {
    console.error(`${glbPath}: no animation; printing the static pose`);
  }

  const roots = scene.children.filter((o) => o.name !== '');
  const nodes = {};
  const cameras = {};
  for (const o of roots) {
    nodes[o.name] = { name: o.userData.name ?? o.name, position: [], quaternion: [], scale: [] };
    if (o.isPerspectiveCamera) {
      cameras[o.name] = {
        type: 'perspective',
        yfov: THREE.MathUtils.degToRad(o.fov),
        aspectRatio: o.aspect,
        znear: o.near,
        zfar: o.far,
      };
    }
  }

  const p = new THREE.Vector3();
  const q = new THREE.Quaternion();
  const s = new THREE.Vector3();
  for (const t of times) {
    if (action) {
      action.reset();
      mixer.setTime(t);
    }
    scene.updateMatrixWorld(true);
    for (const o of roots) {
      const entry = nodes[o.name];
      o.getWorldPosition(p);
      o.getWorldQuaternion(q);
      o.getWorldScale(s);
      entry.position.push([p.x, p.y, p.z].map(round));
      entry.quaternion.push([q.x, q.y, q.z, q.w].map(round));
      entry.scale.push([s.x, s.y, s.z].map(round));
    }
  }

  const out = {
    times,
    animation: clip ? { name: clip.name, duration: clip.duration } : null,
    nodes,
    cameras,
  };
  process.stdout.write(JSON.stringify(out) + '\n');
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
