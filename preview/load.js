// Puts the page's GLB on the stage: the objects' and cameras' root nodes
// (by name, else by place), the animation mixer, a named box for each object
// without a model, a frustum for each camera (the orbit view's gizmos), the
// ground grids and lights, and the orbit view framed on the action.
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { base64Bytes, element } from 'cinc/dom.js';
import { opacityAt } from 'cinc/evaluate.js';

function niceCeil(value) {
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

// The GLB's root nodes as the stage's objects (their materials cloned, each
// remembering its own opacity) and cameras, and its animation.
function adopt(stage, data, gltf) {
  const { objects, cameraNodes } = stage;
  stage.scene.add(gltf.scene);
  const roots = gltf.scene.children.slice();
  const byName = new Map();
  for (const node of roots) {
    const name = node.userData.name ?? node.name;
    if (!byName.has(name)) byName.set(name, node);
  }
  const nodeOf = (name, index) => byName.get(name) || roots[index] || null;
  data.objects.forEach((name, index) => {
    const node = nodeOf(name, index);
    if (!node) return;
    const materials = [];
    const meshes = [];
    node.traverse((child) => {
      if (!child.isMesh) return;
      meshes.push(child);
      const cloneOf = (material) => {
        const copy = material.clone();
        copy.userData.cincBase = { opacity: material.opacity, transparent: material.transparent, depthWrite: material.depthWrite };
        materials.push(copy);
        return copy;
      };
      child.material = Array.isArray(child.material) ? child.material.map(cloneOf) : cloneOf(child.material);
    });
    objects.push({ name, node, materials, meshes, placeholder: null, label: null, opacity: 1 });
  });
  data.cameras.forEach((camera, index) => {
    const node = nodeOf(camera.name, data.objects.length + index);
    if (node) cameraNodes.set(camera.name, node);
  });
  if (gltf.animations.length) {
    stage.mixer = new THREE.AnimationMixer(gltf.scene);
    stage.action = stage.mixer.clipAction(gltf.animations[0]);
    stage.action.setLoop(THREE.LoopOnce, 1);
    stage.action.clampWhenFinished = true;
    stage.action.play();
  }
}

// The extent of the action: where the objects go over the whole sequence
// (sampled), with their models' bounds. Returns {extent, positions, diagonal}.
function measure(stage, timeline, gltf) {
  const { objects, mixer, action } = stage;
  const { duration, opacityCues } = timeline;
  const samples = Math.max(2, Math.min(120, Math.ceil(duration * 10) + 1));
  const extent = new THREE.Box3();
  const positions = new THREE.Box3();
  const modelBox = new THREE.Box3();
  const point = new THREE.Vector3();
  for (let i = 0; i < samples; ++i) {
    const t = (duration * i) / (samples - 1);
    if (action) {
      action.reset();
      mixer.setTime(t);
    }
    gltf.scene.updateMatrixWorld(true);
    for (const object of objects) {
      const shown = opacityAt(opacityCues.get(object.name) || [], t) > 0;
      if (shown || i === 0) positions.expandByPoint(object.node.getWorldPosition(point));
      if (object.meshes.length && shown) {
        modelBox.makeEmpty();
        for (const mesh of object.meshes) modelBox.expandByObject(mesh);
        extent.union(modelBox);
      }
    }
  }
  extent.union(positions);
  if (extent.isEmpty()) extent.set(new THREE.Vector3(-0.5, 0, -0.5), new THREE.Vector3(0.5, 1, 0.5));
  const diagonal = extent.getSize(new THREE.Vector3()).length();
  return { extent, positions, diagonal };
}

// Objects without a model: a small box, named, so that their motion shows.
// Returns the boxes' size.
function addPlaceholders(stage, { positions, diagonal }, labelLayer) {
  const { objects } = stage;
  const spread = positions.isEmpty() ? 0 : positions.getSize(new THREE.Vector3()).length();
  const modelSize = diagonal > spread ? diagonal : spread;
  let placeholderSize = spread > 1e-6 ? Math.min(Math.max(0.045 * modelSize, 0.005), 1) : Math.min(Math.max(0.1 * diagonal, 0.02), 1);
  // ... and no larger than half the usual gap between neighbours (where
  // they are at the end; up to 400 of them looked at).
  const ends = objects.slice(0, 400).map((object) => object.node.getWorldPosition(new THREE.Vector3()));
  const gaps = [];
  for (const a of ends) {
    let nearest = Infinity;
    for (const b of ends) {
      const d = a.distanceTo(b);
      if (d > 1e-9 && d < nearest) nearest = d;
    }
    if (Number.isFinite(nearest)) gaps.push(nearest);
  }
  if (gaps.length) {
    gaps.sort((x, y) => x - y);
    placeholderSize = Math.max(Math.min(placeholderSize, 0.5 * gaps[gaps.length >> 1]), 0.002);
  }
  const labelled = objects.filter((object) => !object.meshes.length).length <= 40;
  const boxGeometry = new THREE.BoxGeometry(placeholderSize, placeholderSize, placeholderSize);
  const edgeGeometry = new THREE.EdgesGeometry(boxGeometry);
  objects.forEach((object, index) => {
    if (object.meshes.length) return;
    const hue = (index * 0.61803398875) % 1;
    const color = new THREE.Color().setHSL(hue, 0.55, 0.55);
    const solid = new THREE.MeshStandardMaterial({ color, roughness: 0.6, metalness: 0 });
    const edges = new THREE.LineBasicMaterial({ color: color.clone().offsetHSL(0, 0, 0.25) });
    for (const material of [solid, edges]) {
      material.userData.cincBase = { opacity: 1, transparent: false, depthWrite: true };
      object.materials.push(material);
    }
    const box = new THREE.Mesh(boxGeometry, solid);
    box.add(new THREE.LineSegments(edgeGeometry, edges));
    box.name = `${object.name} (placeholder)`;
    object.node.add(box);
    object.placeholder = box;
    if (!labelled) return;  // a crowd: names would hide it
    object.label = element('div', { class: 'object-label', text: object.name });
    labelLayer.append(object.label);
  });
  return placeholderSize;
}

// Cameras in the orbit view: a small frustum each, the shot in charge lit.
function addGizmos(stage, timeline, diagonal) {
  const gizmoSize = Math.max(0.05 * diagonal, 0.01);
  for (const [name, node] of stage.cameraNodes) {
    const fov = THREE.MathUtils.degToRad(timeline.cameraFov.get(name) || 50);
    const h = Math.tan(fov / 2) * gizmoSize;
    const w = h * 16 / 9;
    const d = -gizmoSize;
    const corners = [[-w, -h, d], [w, -h, d], [w, h, d], [-w, h, d]];
    const points = [];
    for (const corner of corners) points.push(0, 0, 0, ...corner);
    for (let i = 0; i < 4; ++i) points.push(...corners[i], ...corners[(i + 1) % 4]);
    points.push(-w * 0.4, h * 1.15, d, w * 0.4, h * 1.15, d, w * 0.4, h * 1.15, d, 0, h * 1.6, d, 0, h * 1.6, d, -w * 0.4, h * 1.15, d);
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.Float32BufferAttribute(points, 3));
    const gizmo = new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color: 0x7f8a99 }));
    gizmo.name = `${name} (gizmo)`;
    node.add(gizmo);
    stage.gizmos.set(name, gizmo);
  }
}

// The ground grid, lights and the orbit view framed on the action; without
// a camera track the camera view shows that framing too.
function frame(stage, timeline, { extent, diagonal }, placeholderSize) {
  const { scene, sun, fill, orbitCamera, outputCamera, controls } = stage;
  const center = extent.getCenter(new THREE.Vector3());
  const boxSize = extent.getSize(new THREE.Vector3());
  const placeholders = stage.objects.some((object) => object.placeholder);
  const radius = Math.max(diagonal / 2, placeholders ? 4 * placeholderSize : 0, 0.02);
  const gridSize = niceCeil(Math.max(boxSize.x, boxSize.z, radius, 0.05) * 4);
  const grid = new THREE.GridHelper(gridSize, 20, 0x59616d, 0x353b44);
  grid.position.set(0, Math.min(0, extent.min.y) - 1e-4 * gridSize, 0);
  // ... and a coarse one around it, out to the horizon of most shots.
  const wide = new THREE.GridHelper(gridSize * 20, 40, 0x353b44, 0x2c3138);
  wide.position.copy(grid.position).y -= 1e-4 * gridSize;
  // A transparent picture (for a layout) shows the objects alone.
  if (!stage.transparent) scene.add(grid, wide);
  sun.position.copy(center).add(new THREE.Vector3(0.6, 1.2, 0.8).multiplyScalar(radius * 4));
  sun.target.position.copy(center);
  fill.position.copy(center).add(new THREE.Vector3(-1, 0.4, -0.6).multiplyScalar(radius * 4));
  fill.target.position.copy(center);
  const fitDistance = radius / Math.tan(THREE.MathUtils.degToRad(orbitCamera.fov / 2));
  for (const camera of [orbitCamera, outputCamera]) {
    camera.near = Math.max(radius / 500, 1e-4);
    camera.far = Math.max(radius * 500, 100);
  }
  orbitCamera.position.copy(center).add(new THREE.Vector3(1, 0.75, 1.2).normalize().multiplyScalar(fitDistance));
  orbitCamera.lookAt(center);
  controls.target.copy(center);
  controls.update();
  // Without a camera track the camera view shows that framing, still.
  if (!timeline.cameraTrack) {
    outputCamera.position.copy(orbitCamera.position);
    outputCamera.quaternion.copy(orbitCamera.quaternion);
    outputCamera.fov = orbitCamera.fov;
  }
  outputCamera.near = Math.min(outputCamera.near, 0.01);
}

// Parses the page's GLB (the #cinc-glb script) onto the stage; object names
// go into labelLayer.
export async function loadGlb(stage, data, timeline, labelLayer) {
  const bytes = base64Bytes(document.getElementById('cinc-glb').textContent);
  const gltf = await new GLTFLoader().parseAsync(bytes.buffer, '');
  adopt(stage, data, gltf);
  const bounds = measure(stage, timeline, gltf);
  const placeholderSize = addPlaceholders(stage, bounds, labelLayer);
  addGizmos(stage, timeline, bounds.diagonal);
  frame(stage, timeline, bounds, placeholderSize);
}
