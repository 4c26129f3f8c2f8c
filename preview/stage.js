// The three.js stage: the renderer in the viewport, the scene with its look
// and lights, the output and orbit cameras, and drawing a frame (with the
// placeholders' names over the canvas). The GLB's nodes are put on it by
// load.js.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { RoomEnvironment } from 'three/addons/environments/RoomEnvironment.js';
import { opacityAt } from 'cinc/evaluate.js';
import { drawCallouts } from 'cinc/emphasis.js';

// The stage in `viewport`, lit as `look` (the page data's `preview`) asks;
// `transparent`: cleared to alpha 0, without a background (a still for a
// layout). `reuse` ({renderer, environment}: a stage this one replaces,
// live.js): its renderer (the WebGL context, its compiled shaders) and its
// studio environment are taken over, the canvas staying where it is until
// adoptCanvas(stage).
export function createStage(viewport, look, transparent = false, reuse = null) {
  const renderer = reuse ? reuse.renderer : new THREE.WebGLRenderer({ antialias: true, alpha: transparent });
  if (!reuse) {
    renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    viewport.prepend(renderer.domElement);
  }
  const scene = new THREE.Scene();
  // The look (docs/gltf.md#preview): "studio" lights with an environment
  // made here (three.js's room through PMREM: no file, no network) and tone
  // mapping, so that metal reflects something; "flat" is the hemisphere and
  // two lights alone. The background is the scene's colour.
  const studio = look.lighting !== 'flat';
  const background = new THREE.Color(look.background || '#1c1f24');
  scene.background = transparent ? null : background;
  renderer.toneMapping = studio ? THREE.NeutralToneMapping : THREE.NoToneMapping;
  if (studio && reuse && reuse.environment) {
    scene.environment = reuse.environment;
  } else if (studio) {
    const pmrem = new THREE.PMREMGenerator(renderer);
    const room = new RoomEnvironment();
    scene.environment = pmrem.fromScene(room, 0.04).texture;
    room.dispose();
    pmrem.dispose();
  } else {
    scene.add(new THREE.HemisphereLight(0xf2f4ff, 0x3a3f47, 1.6));
  }
  const sun = new THREE.DirectionalLight(0xffffff, studio ? 1.2 : 2.2);
  scene.add(sun, sun.target);
  const fill = new THREE.DirectionalLight(0xdde6ff, studio ? 0.3 : 0.6);
  scene.add(fill, fill.target);

  const outputCamera = new THREE.PerspectiveCamera(60, 1, 0.01, 1000);
  const orbitCamera = new THREE.PerspectiveCamera(45, 1, 0.01, 1000);
  const controls = new OrbitControls(orbitCamera, renderer.domElement);
  controls.enabled = false;
  return {
    viewport, renderer, scene, sun, fill, outputCamera, orbitCamera, controls, transparent,
    objects: [],            // {name, node, materials, meshes, placeholder, label, opacity}
    cameraNodes: new Map(), // name -> Object3D
    gizmos: new Map(),      // camera name -> gizmo
    mixer: null,
    action: null,
    size: { width: 1, height: 1 },
  };
}

// A replacing stage's canvas moved into its own viewport, sized to it.
export function adoptCanvas(stage) {
  stage.viewport.prepend(stage.renderer.domElement);
  stage.size = { width: 0, height: 0 };
  resize(stage);
}

// What the stage put on the GPU, given back (geometries, materials, their
// textures); the environment too unless `keepEnvironment`. With the
// renderer itself unless it is handed on (`keepRenderer`).
export function disposeStage(stage, { keepRenderer = false, keepEnvironment = false } = {}) {
  const textures = new Set();
  stage.scene.traverse((node) => {
    if (node.geometry) node.geometry.dispose();
    const materials = Array.isArray(node.material) ? node.material : node.material ? [node.material] : [];
    for (const material of materials) {
      for (const value of Object.values(material)) if (value && value.isTexture) textures.add(value);
      material.dispose();
    }
  });
  for (const texture of textures) texture.dispose();
  if (stage.scene.environment && !keepEnvironment) stage.scene.environment.dispose();
  if (!keepRenderer) {
    stage.renderer.dispose();
    stage.renderer.forceContextLoss();
  }
}

// Poses the objects at t (the GLB's animation) and applies their opacity.
export function applyObjects(stage, opacityCues, t) {
  if (stage.action) {
    stage.action.reset();
    stage.mixer.setTime(t);
  }
  for (const object of stage.objects) {
    const opacity = opacityAt(opacityCues.get(object.name) || [], t);
    object.opacity = opacity;
    object.node.visible = opacity > 0;
    const transparent = opacity < 1;
    for (const material of object.materials) {
      const base = material.userData.cincBase;
      const wanted = transparent || base.transparent;
      if (material.transparent !== wanted) {
        material.transparent = wanted;
        material.needsUpdate = true;
      }
      material.opacity = base.opacity * opacity;
      material.depthWrite = transparent ? false : base.depthWrite;
    }
  }
  stage.scene.updateMatrixWorld(true);
}

// Fits the renderer and the cameras to the viewport; true when it changed.
export function resize(stage) {
  const width = Math.max(1, stage.viewport.clientWidth);
  const height = Math.max(1, stage.viewport.clientHeight);
  if (width === stage.size.width && height === stage.size.height) return false;
  stage.size = { width, height };
  stage.renderer.setSize(width, height, true);
  for (const camera of [stage.outputCamera, stage.orbitCamera]) {
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
  }
  return true;
}

const labelPosition = new THREE.Vector3();

// Draws a frame from the view's camera (state.view), the shot's gizmo lit.
export function render(stage, state) {
  resize(stage);
  const camera = state.view === 'camera' ? stage.outputCamera : stage.orbitCamera;
  for (const [name, gizmo] of stage.gizmos) {
    gizmo.visible = state.view === 'orbit';
    gizmo.material.color.set(name === state.shot ? 0xffc857 : 0x7f8a99);
  }
  stage.renderer.render(stage.scene, camera);
  // Names of the objects drawn as placeholders, over the canvas; names
  // that would land on one another are stacked.
  const { size } = stage;
  const placed = [];
  for (const object of stage.objects) {
    if (!object.label) continue;
    object.node.getWorldPosition(labelPosition);
    labelPosition.project(camera);
    const shown = object.node.visible && labelPosition.z < 1 && Math.abs(labelPosition.x) < 1.1 && Math.abs(labelPosition.y) < 1.1;
    object.label.style.display = shown ? '' : 'none';
    if (shown) {
      const x = (labelPosition.x + 1) / 2 * size.width;
      let y = (1 - labelPosition.y) / 2 * size.height;
      while (placed.some(([px, py]) => Math.abs(px - x) < 60 && Math.abs(py - y) < 15)) y += 15;
      placed.push([x, y]);
      object.label.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
      object.label.style.opacity = String(0.35 + 0.65 * object.opacity);
    }
  }
  if (stage.callouts) drawCallouts(stage.callouts.layer, stage, stage.callouts.list, state.time, camera);
}
