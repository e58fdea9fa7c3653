import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import SQLite from 'better-sqlite3';

const N = Number(process.argv[2] ?? 100000);
const dir = mkdtempSync(join(tmpdir(), 'probe-'));
const app = await buildApp(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'off', RATE_LIMITS: 'off' }));
const BRANDS = ['Air Jordan','Nike Kobe','Nike LeBron','Adidas Harden','Puma MB','Under Armour Curry','New Balance Kawhi','Anta KT','Li-Ning Way of Wade','Converse Shai'];
const COLOURS = ['Bred','Chicago','Panda','Royal','Shadow','Mocha','Obsidian','Volt','Grinch','Mamba','Lakers','Celtics','Sunset','Aqua','Infrared','Cement','Oreo','Bordeaux','Ember','Glacier'];
const CATS = ['adidas','jordan','dame','kd','kobe','kyrie','lebron','wade','nike','pg','freak','puma'];
const start = Date.parse('2024-01-01T00:00:00Z');
for (let i = 0; i < N; i += 5000) {
  await app.databases.importDocuments!('shop','products', Array.from({ length: Math.min(5000, N - i) }, (_, j) => { const n = i + j; return {
    documentId: `p${n}`, permissions: [], $createdAt: new Date(start + n * 60000).toISOString().replace('Z', '+00:00'),
    data: { title: `${BRANDS[n % 10]} ${(n % 13) + 1} ${COLOURS[(n * 7) % 20]}`, description: 'Pre-loved.', category: CATS[n % 12], price: 10000 + (n % 50) * 1000, size: 40 + (n % 8), condition: 7 + (n % 4) * 0.5, stoke: n % 3 === 0 ? 'false' : 'true', stock: 1 } }; }));
}
await app.server.close();
console.log(dir);
