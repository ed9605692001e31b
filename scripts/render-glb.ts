/**
 * Renders a GLB model to a PNG in headless Chromium with three.js, seen from the south-east above, with
 * a low sun from the south-west so roofs and shadows read well. For a person to look at a model.
 *
 *   npm run render-glb -- <model.glb> <out.png> [width] [height]
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { threePageFiles } from './three-page-files.ts';

const [glbPath, out, width = '1400', height = '900'] = process.argv.slice(2);
if (!glbPath || !out) {
  process.stderr.write('Usage: npm run render-glb -- <model.glb> <out.png> [width] [height]\n');
  process.exit(2);
}
const files: Record<string, [string, string]> = {
  ...threePageFiles(),
  '/model.glb': [path.resolve(glbPath), 'model/gltf-binary'],
};
const page = `<!doctype html><html><body style="margin:0;background:#cfe3f3">
<script type="importmap">{"imports":{"three":"/three.module.js","../utils/BufferGeometryUtils.js":"/BufferGeometryUtils.js","../utils/SkeletonUtils.js":"/SkeletonUtils.js"}}</script>
<script type="module">
import * as THREE from 'three';
import { GLTFLoader } from '/GLTFLoader.js';
import { MeshoptDecoder } from '/meshopt_decoder.module.js';
const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
renderer.setSize(innerWidth, innerHeight);
renderer.shadowMap.enabled = true;
renderer.shadowMap.type = THREE.PCFSoftShadowMap;
document.body.appendChild(renderer.domElement);
const scene = new THREE.Scene();
scene.background = new THREE.Color(0xcfe3f3);
scene.add(new THREE.HemisphereLight(0xffffff, 0x8a8a80, 1.2));
const gltf = await new GLTFLoader().setMeshoptDecoder(MeshoptDecoder).loadAsync('/model.glb');
const model = gltf.scene;
// Draped ground layers: no shadows cast, a depth offset by their drawOrder (as the viewer does).
const orderOf = (o) => { for (let n = o; n; n = n.parent) if (typeof n.userData.drawOrder === 'number') return n.userData.drawOrder; return 0; };
model.traverse((o) => {
  if (!o.isMesh) return;
  const order = orderOf(o);
  o.castShadow = order === 0;
  o.receiveShadow = true;
  if (order > 0) {
    o.material = o.material.clone();
    Object.assign(o.material, { polygonOffset: true, polygonOffsetFactor: -1, polygonOffsetUnits: -2 * order });
    o.renderOrder = order;
  }
});
scene.add(model);
const radius = (gltf.asset.extras?.radiusKm ?? 0.3) * 1000;
const sun = new THREE.DirectionalLight(0xffffff, 2.2);
sun.position.set(-radius * 0.8, radius * 0.9, radius * 0.9);
sun.castShadow = true;
sun.shadow.mapSize.set(4096, 4096);
Object.assign(sun.shadow.camera, { left: -radius * 1.3, right: radius * 1.3, top: radius * 1.3, bottom: -radius * 1.3, near: 1, far: radius * 5 });
scene.add(sun);
const camera = new THREE.PerspectiveCamera(40, innerWidth / innerHeight, 1, radius * 10);
camera.position.set(radius * 0.9, radius * 0.85, radius * 1.2);
camera.lookAt(0, 0, 0);
renderer.render(scene, camera);
window.rendered = true;
</script></body></html>`;
const server = http.createServer((request, response) => {
  const file = files[request.url ?? ''];
  if (request.url === '/') return void response.writeHead(200, { 'content-type': 'text/html' }).end(page);
  if (!file || !fs.existsSync(file[0])) return void response.writeHead(404).end();
  response.writeHead(200, { 'content-type': file[1] }).end(fs.readFileSync(file[0]));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});
try {
  const tab = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
  tab.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
  await tab.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
  await tab.waitForFunction(() => (window as unknown as { rendered?: boolean }).rendered === true, null, { timeout: 60_000 });
  await tab.screenshot({ path: out });
} finally {
  await browser.close();
  server.close();
}
