// The test interface, window.cinc = {ready, duration, chapters, seek, state,
// render, callouts}: what tests and render/ read the page through.
import * as THREE from 'three';

const plain = (v) => (Object.is(v, -0) ? 0 : v);
const vector = (v) => [v.x, v.y, v.z].map(plain);
const quaternion = (q) => [q.x, q.y, q.z, q.w].map(plain);

const position = new THREE.Vector3();
const rotation = new THREE.Quaternion();
const scale = new THREE.Vector3();

function worldQuaternion(node) {
  node.getWorldQuaternion(rotation);
  if ([rotation.x, rotation.y, rotation.z, rotation.w].every(Number.isFinite)) return quaternion(rotation);
  // A hidden object is scaled to 0: its world matrix has no rotation to
  // decompose, so compose the local rotations instead.
  rotation.identity();
  for (let o = node; o; o = o.parent) rotation.premultiply(o.quaternion);
  return quaternion(rotation);
}

// state(): the poses read back from the scene graph, the view, whether it
// plays, and the orbit camera (its position and the point it turns around).
function snapshot(stage, timeline, state) {
  stage.scene.updateMatrixWorld(true);
  const result = {
    time: state.time, view: state.view, playing: state.playing, objects: {}, camera: null,
    orbit: { position: vector(stage.orbitCamera.position), target: vector(stage.controls.target) },
  };
  for (const object of stage.objects) {
    result.objects[object.name] = {
      position: vector(object.node.getWorldPosition(position)),
      quaternion: worldQuaternion(object.node),
      scale: vector(object.node.getWorldScale(scale)),
      opacity: object.opacity,
      visible: object.node.visible,
    };
  }
  if (timeline.cameraTrack) {
    const { outputCamera } = stage;
    result.camera = {
      camera: state.shot,
      position: state.outputKnown ? vector(outputCamera.getWorldPosition(position)) : null,
      quaternion: state.outputKnown ? quaternion(outputCamera.getWorldQuaternion(rotation)) : null,
      fov: state.fov,
    };
  }
  return result;
}

// Sets and returns window.cinc; seek(t) waits for `ready` first.
export function publish({ ready, timeline, stage, state, seek, renderMode }) {
  window.cinc = {
    ready,
    duration: timeline.duration,
    chapters: timeline.chapters.map((chapter) => ({ ...chapter })),
    seek: (t) => ready.then(() => seek(t)),
    state: () => snapshot(stage, timeline, state),
    render: renderMode ? { ...renderMode } : null,
    // The callouts drawn last: {text, target, anchor: [x, y], box: {left, top, width, height}} in px.
    callouts: () => (stage.callouts ? stage.callouts.layer.shown.map((shown) => ({ ...shown })) : []),
  };
  return window.cinc;
}
