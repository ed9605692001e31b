/**
 * Two GLB files drawn by the same three.js page in headless Chromium (SwiftShader), alternated (A B, B A,
 * …) in fresh pages so the machine's load weighs on both alike: median milliseconds to download and
 * decode each (GLTFLoader with the meshopt decoder), to draw its first frame (programs compiled, a
 * 2048² shadow map, 1280 × 800 with antialiasing, finished with a pixel read), and to draw a second
 * one; with the programs and draw calls of a frame. Isolates the model file from the viewer page.
 *
 *   node bench/glb-draw-ab.ts <a.glb> <b.glb> [pairs, default 10]
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { threePageFiles } from '../scripts/three-page-files.ts';

const [glbA, glbB, pairsArg = '10'] = process.argv.slice(2);
if (!glbA || !glbB) {
  process.stderr.write('Usage: node bench/glb-draw-ab.ts <a.glb> <b.glb> [pairs]\n');
  process.exit(2);
}
const files: Record<string, [string, string]> = {
  ...threePageFiles(),
  '/a.glb': [path.resolve(glbA), 'model/gltf-binary'],
  '/b.glb': [path.resolve(glbB), 'model/gltf-binary'],
};
const page = (which: string) => `<!doctype html><html><body style="margin:0">
<script type="importmap">{"imports":{"three":"/three.module.js","../utils/BufferGeometryUtils.js":"/BufferGeometryUtils.js","../utils/SkeletonUtils.js":"/SkeletonUtils.js"}}</script>
<script type="module">
import * as THREE from 'three';
import { GLTFLoader } from '/GLTFLoader.js';
import { MeshoptDecoder } from '/meshopt_decoder.module.js';
const renderer = new THREE.WebGLRenderer({ antialias: true });
renderer.setSize(innerWidth, innerHeight);
renderer.shadowMap.enabled = true;
renderer.shadowMap.type = THREE.PCFShadowMap;
document.body.appendChild(renderer.domElement);
const scene = new THREE.Scene();
scene.fog = new THREE.FogExp2(0xcfe1ef, 0.0006);
scene.add(new THREE.HemisphereLight(0xffffff, 0x8a8a80, 1.2));
const sun = new THREE.DirectionalLight(0xffffff, 2.2);
sun.position.set(-200, 300, 200);
sun.castShadow = true;
sun.shadow.mapSize.set(2048, 2048);
Object.assign(sun.shadow.camera, { left: -300, right: 300, top: 300, bottom: -300, near: 1, far: 1500 });
scene.add(sun);
const camera = new THREE.PerspectiveCamera(45, innerWidth / innerHeight, 1, 4000);
camera.position.set(140, 120, 145);
camera.lookAt(0, 0, 0);
const px = new Uint8Array(4);
const gl = renderer.getContext();
renderer.render(scene, camera); gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
const t0 = performance.now();
const gltf = await new GLTFLoader().setMeshoptDecoder(MeshoptDecoder).loadAsync('/${which}.glb');
const t1 = performance.now();
gltf.scene.traverse((o) => { if (o.isMesh) { o.castShadow = true; o.receiveShadow = true; } });
scene.add(gltf.scene);
renderer.render(scene, camera); gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
const t2 = performance.now();
renderer.render(scene, camera); gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
const t3 = performance.now();
window.result = { load: t1 - t0, first: t2 - t1, second: t3 - t2, programs: renderer.info.programs.length, calls: renderer.info.render.calls };
</script></body></html>`;
const server = http.createServer((request, response) => {
  const file = files[request.url ?? ''];
  if (request.url === '/a' || request.url === '/b') return void response.writeHead(200, { 'content-type': 'text/html' }).end(page(request.url.slice(1)));
  if (!file || !fs.existsSync(file[0])) return void response.writeHead(404).end();
  response.writeHead(200, { 'content-type': file[1] }).end(fs.readFileSync(file[0]));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});
const results: Record<string, { load: number; first: number; second: number; programs: number; calls: number }[]> = { a: [], b: [] };
try {
  for (let i = 0; i < Number(pairsArg); i++) {
    for (const which of i % 2 ? ['b', 'a'] : ['a', 'b']) {
      const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      tab.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
      await tab.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/${which}`);
      await tab.waitForFunction(() => (window as unknown as { result?: unknown }).result !== undefined, null, { timeout: 60_000 });
      results[which].push(await tab.evaluate(() => (window as unknown as { result: { load: number; first: number; second: number; programs: number; calls: number } }).result));
      await tab.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
const median = (v: number[]) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)];
for (const which of ['a', 'b']) {
  const r = results[which];
  console.log(which === 'a' ? glbA : glbB, 'load', Math.round(median(r.map((x) => x.load))), 'first', Math.round(median(r.map((x) => x.first))), 'second', Math.round(median(r.map((x) => x.second))), 'programs', r[0].programs, 'calls', r[0].calls);
}
