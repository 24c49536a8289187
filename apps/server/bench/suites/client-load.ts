import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BenchContext } from '../support/context';

const clientDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../client');
const dist = join(clientDir, 'dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The modules a route loads on demand besides the entry (its lazy layout and screen, and what its loaders
 * import: the snackbar host of /giris, a screen's query module), as the client's router names them. A
 * module the build did not split off is inside the entry, which is counted anyway.
 */
const ROUTES: Record<string, string[]> = {
  landing: [
    'src/routes/public/-components/PublicLayout.tsx',
    'src/routes/public/-components/LandingPage.tsx',
  ],
  giris: ['src/features/auth/components/LoginPage.tsx'],
  'panel Ana Sayfa': [
    'src/lib/snackbars.tsx',
    'src/routes/panel/-components/PanelLayout.tsx',
    'src/features/home/HomePage.tsx',
  ],
  Öğrenciler: [
    'src/lib/snackbars.tsx',
    'src/routes/panel/-components/PanelLayout.tsx',
    'src/features/students/list/StudentsPage.tsx',
    'src/features/students/queries.ts',
  ],
};

/**
 * First-load bytes per route of the production client build, gzipped as the server sends them: the entry
 * chunk of index.html with every chunk it imports statically, plus the route's lazy chunks with theirs
 * (what the browser fetches before the screen shows). Figures only; the targets are 200 KB for the landing
 * and login pages and 300 KB for the panel's first screen. `BENCH_CLIENT_BUILD=off` reads the existing dist.
 */
export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  if (process.env.BENCH_CLIENT_BUILD !== 'off') {
    ctx.log('client-load: building the client');
    execFileSync('npm', ['run', '-s', 'build', '-w', '@okul/client'], {
      cwd: resolve(clientDir, '../..'),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no build manifest at ${manifestPath}`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('the build manifest names no entry');

  const gz = new Map<string, number>();
  const gzSize = (file: string) => {
    let n = gz.get(file);
    if (n === undefined) {
      n = gzipSync(readFileSync(join(dist, file)), { level: 6 }).length;
      gz.set(file, n);
    }
    return n;
  };
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const i of manifest[key]?.imports ?? []) closure(i, into);
  };

  const routes: Record<string, unknown> = {};
  for (const [route, modules] of Object.entries(ROUTES)) {
    const chunks = new Set<string>();
    closure(entryKey, chunks);
    const lazy = modules.filter((m) => manifest[m]);
    for (const m of lazy) closure(m, chunks);
    const files = [...chunks].map((k) => manifest[k].file);
    const css = [...new Set([...chunks].flatMap((k) => manifest[k].css ?? []))];
    const js = files.reduce((s, f) => s + gzSize(f), 0);
    routes[route] = {
      jsGzipKb: kb(js),
      cssGzipKb: kb(css.reduce((s, f) => s + gzSize(f), 0)),
      chunks: files.length,
      lazyChunks: lazy.length,
    };
  }
  const allJs = Object.values(manifest)
    .map((c) => c.file)
    .filter((f) => f.endsWith('.js'));
  return {
    routes,
    entryGzipKb: kb(setOf(entryKey, closure).reduce((s, k) => s + gzSize(manifest[k].file), 0)),
    wholeBuildJsGzipKb: kb([...new Set(allJs)].reduce((s, f) => s + gzSize(f), 0)),
    jsChunks: new Set(allJs).size,
    sourceMapsEmitted: Object.values(manifest).some((c) => existsSync(join(dist, `${c.file}.map`))),
  };
}

function setOf(key: string, closure: (key: string, into: Set<string>) => void): string[] {
  const s = new Set<string>();
  closure(key, s);
  return [...s];
}

function kb(bytes: number) {
  return Math.round(bytes / 102.4) / 10;
}
