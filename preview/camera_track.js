// The output camera at t as the cinema runtime shows it
// (sequence/evaluator.cc EvaluateCamera): the shot in charge, the blend from
// the previous shot's camera, the fov from the track's fov keys
// (sequence/interpolation.cc SampleChannel), with the shot cameras' poses
// read from the GLB's camera nodes where the mixer left them.
import * as THREE from 'three';
import { blendWeight, sampleChannel } from 'cinc/evaluate.js';

function cameraPose(stage, timeline, name) {
  const node = stage.cameraNodes.get(name);
  if (!node) return null;
  const position = node.getWorldPosition(new THREE.Vector3());
  const rotation = node.getWorldQuaternion(new THREE.Quaternion());
  const { cameraFov } = timeline;
  return { position, rotation, fov: cameraFov.has(name) ? cameraFov.get(name) : null };
}

// Sets stage.outputCamera and state's shot, blend, fov, focus, aperture and
// outputKnown for time t.
export function applyCamera(stage, timeline, state, t) {
  const { cameraTrack, fovKeys, focusKeys, apertureKeys } = timeline;
  const outputCamera = stage.outputCamera;
  state.shot = null;
  state.blend = null;
  if (!cameraTrack || !cameraTrack.shots.length) {
    state.outputKnown = false;
    return;
  }
  const shots = cameraTrack.shots;
  let current = 0;
  while (current + 1 < shots.length && shots[current + 1].start <= t) ++current;
  const shot = shots[current];
  state.shot = shot.camera;
  const to = cameraPose(stage, timeline, shot.camera);
  let position = to ? to.position : null;
  let rotation = to ? to.rotation : null;
  let fov = to ? to.fov : null;
  const blend = shot.blend || 0;
  if (current > 0 && blend > 0 && t >= shot.start && t < shot.start + blend) {
    const fromName = shots[current - 1].camera;
    const from = cameraPose(stage, timeline, fromName);
    const w = blendWeight(shot.blend_ease, (t - shot.start) / blend);
    state.blend = { from: fromName, weight: w };
    if (from && to) {
      position = from.position.clone().lerp(to.position, w);
      rotation = from.rotation.clone().slerp(to.rotation, w);
      if (from.fov !== null && to.fov !== null) fov = from.fov + (to.fov - from.fov) * w;
    } else if (from) {
      position = from.position;
      rotation = from.rotation;
      fov = from.fov;
    }
  }
  if (fovKeys) fov = sampleChannel(fovKeys, t)[0];
  state.focus = focusKeys ? sampleChannel(focusKeys, t)[0] : null;
  state.aperture = focusKeys ? (apertureKeys ? sampleChannel(apertureKeys, t)[0] : 2.8) : null;
  state.outputKnown = position !== null && rotation !== null;
  if (position) outputCamera.position.copy(position);
  if (rotation) outputCamera.quaternion.copy(rotation);
  state.fov = fov;
  if (fov !== null) outputCamera.fov = fov;
  outputCamera.updateProjectionMatrix();
  outputCamera.updateMatrixWorld(true);
}
