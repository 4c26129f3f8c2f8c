// The preview's player (a placeholder until the full player lands).
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

export function start(root) {
  const data = JSON.parse(document.getElementById('cinc-data').textContent);
  const text = document.getElementById('cinc-glb').textContent.trim();
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  window.cinc = { duration: data.duration, chapters: [], ready: new GLTFLoader().parseAsync(bytes.buffer, '') };
}
