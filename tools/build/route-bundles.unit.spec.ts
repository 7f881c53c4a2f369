import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paths } from '../../web/routes/paths.ts';
import { landingGoal, pageStarts, routeFiles, routeGoal, routeLoadFiles, routePages, routeSizes, type Manifest } from './route-bundles.ts';

// The size computation of `npm run size` over a manifest shaped as Vite writes it: the entry
// imports shared chunks (one of which imports the entry back), pages are dynamic imports with
// static imports of their own, a page imports another module dynamically, CSS is never counted.
const manifest: Manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'], dynamicImports: ['features/a/a-page.tsx', 'features/b/b-page.tsx'] },
  '_react-b.js': { file: 'assets/react-b.js', imports: ['index.html'] },
  '_charts-c.js': { file: 'assets/charts-c.js', imports: ['_react-b.js'] },
  '_page-c.css': { file: 'assets/page-c.css' },
  'features/a/a-page.tsx': { file: 'assets/a-page-d.js', imports: ['_charts-c.js', '_page-c.css', 'index.html'] },
  'features/b/b-page.tsx': { file: 'assets/b-page-e.js', imports: ['_react-b.js'], dynamicImports: ['features/a/a-page.tsx'] },
};

/** Each file's content: a run of distinct bytes, so gzip cannot fold one file into another's size. */
const contents: Record<string, Buffer> = Object.fromEntries(
  Object.values(manifest).map((chunk, index) => [chunk.file, Buffer.from(Array.from({ length: 2000 * (index + 1) }, (_, i) => (i * 7919 + index * 104729) % 251))]),
);
const read = (file: string) => contents[file] ?? Buffer.alloc(0);

describe('route bundles', () => {
  it('should take the entry, the pages and their static imports once each, and no dynamic import or CSS', () => {
    expect(routeFiles(manifest, []).sort()).toEqual(['assets/index-a.js', 'assets/react-b.js']);
    expect(routeFiles(manifest, ['features/a/a-page.tsx']).sort()).toEqual(['assets/a-page-d.js', 'assets/charts-c.js', 'assets/index-a.js', 'assets/react-b.js']);
    // b's own dynamic import of a is not b's: it costs nothing until used.
    expect(routeFiles(manifest, ['features/b/b-page.tsx']).sort()).toEqual(['assets/b-page-e.js', 'assets/index-a.js', 'assets/react-b.js']);
  });

  it('should count a chunk loaded before the first render (the texts of a language) for every route', () => {
    expect(routeFiles(manifest, [], ['features/a/a-page.tsx']).sort()).toEqual(['assets/a-page-d.js', 'assets/charts-c.js', 'assets/index-a.js', 'assets/react-b.js']);
    const [home] = routeSizes(manifest, read, { home: [] }, ['home'], ['features/a/a-page.tsx'], {});
    expect(home!.firstScreen.files).toBe(4);
    expect(home!.allLoads).toEqual(home!.firstScreen);
  });

  it('should count what a page starts by itself in all it loads, not in its first screen', () => {
    const firstScreen = ['assets/b-page-e.js', 'assets/index-a.js', 'assets/react-b.js'];
    expect(routeLoadFiles(manifest, ['features/b/b-page.tsx']).sort()).toEqual(firstScreen);
    // b starts a (and so a's static import, the charts) as it loads.
    expect(routeLoadFiles(manifest, ['features/b/b-page.tsx'], [], ['features/a/a-page.tsx']).sort()).toEqual(
      ['assets/a-page-d.js', 'assets/b-page-e.js', 'assets/charts-c.js', 'assets/index-a.js', 'assets/react-b.js'],
    );
    const [b] = routeSizes(manifest, read, { b: ['features/b/b-page.tsx'] }, [], [], { b: ['features/a/a-page.tsx'] });
    expect(b!.firstScreen.files).toBe(3);
    expect(b!.allLoads.files).toBe(5);
    expect(b!.allLoads.bytes).toBe(b!.firstScreen.bytes + contents['assets/a-page-d.js']!.length + contents['assets/charts-c.js']!.length);
  });

  it('should refuse a started module that is no dynamic import of the route, so a stale row cannot charge or hide a chunk', () => {
    const routerPages = new Set(['features/a/a-page.tsx', 'features/b/b-page.tsx']);
    expect(() => routeLoadFiles(manifest, ['features/a/a-page.tsx'], [], ['features/b/b-page.tsx'], routerPages)).toThrow(/b-page.tsx is no dynamic import/);
    expect(() => routeLoadFiles(manifest, [], [], ['features/b/b-page.tsx'], routerPages)).toThrow(/b-page.tsx is no dynamic import/);
    // The entry imports every page dynamically: that does not make a page start another.
    expect(manifest['index.html']!.dynamicImports).toContain('features/b/b-page.tsx');
  });

  it('should count a module the router starts beside a page (no page itself) in all the route loads', () => {
    const withCharts: Manifest = { ...manifest, 'index.html': { ...manifest['index.html']!, dynamicImports: [...manifest['index.html']!.dynamicImports!, '_charts-c.js'] } };
    expect(routeLoadFiles(withCharts, ['features/b/b-page.tsx'], [], ['_charts-c.js'], new Set(['features/a/a-page.tsx', 'features/b/b-page.tsx'])).sort()).toEqual(
      ['assets/b-page-e.js', 'assets/charts-c.js', 'assets/index-a.js', 'assets/react-b.js'],
    );
  });

  it('should refuse a page that is in no chunk, so a renamed page cannot shrink its route to the entry', () => {
    expect(() => routeFiles(manifest, ['features/gone/gone-page.tsx'])).toThrow(/gone-page.tsx is in no chunk/);
  });

  it('should add up the gzip sizes of the files and hold landing routes to the smaller goal', () => {
    const sizes = routeSizes(manifest, read, { home: [], a: ['features/a/a-page.tsx'] }, ['home'], [], {});
    const [home, a] = sizes;
    expect(home).toMatchObject({ route: 'home', firstScreen: { files: 2 }, firstScreenGoal: landingGoal, allLoadsGoal: routeGoal, overGoal: [] });
    expect(a).toMatchObject({ route: 'a', firstScreen: { files: 4 }, firstScreenGoal: null, allLoadsGoal: routeGoal, overGoal: [] });
    expect(home!.firstScreen.bytes).toBe(contents['assets/index-a.js']!.length + contents['assets/react-b.js']!.length);
    expect(a!.firstScreen.bytes).toBe(home!.firstScreen.bytes + contents['assets/charts-c.js']!.length + contents['assets/a-page-d.js']!.length);
    // Compressed, yet not below what incompressible-ish content allows.
    expect(a!.firstScreen.gzipBytes).toBeGreaterThan(home!.firstScreen.gzipBytes);
    expect(a!.firstScreen.gzipBytes).toBeLessThan(a!.firstScreen.bytes);
  });

  it('should judge the landing goal on the first screen and the route goal on all it loads', () => {
    // Two files of 200 KB of random bytes, which gzip cannot shrink: a landing page of about 400 KB
    // breaks both goals, and b's started chunks take it past 300 KB though its first screen is small.
    const big = { 'assets/a-page-d.js': randomBytes(200_000), 'assets/charts-c.js': randomBytes(200_000) } as Record<string, Buffer>;
    const bigRead = (file: string) => big[file] ?? read(file);
    const [a, b] = routeSizes(manifest, bigRead, { a: ['features/a/a-page.tsx'], b: ['features/b/b-page.tsx'] }, ['a', 'b'], [], { b: ['features/a/a-page.tsx'] });
    expect(a!.overGoal).toEqual([expect.stringMatching(/^first screen [\d.]+ KB > 150 KB$/), expect.stringMatching(/^all it loads [\d.]+ KB > 300 KB$/)]);
    expect(b!.firstScreen.gzipBytes).toBeLessThan(landingGoal);
    expect(b!.overGoal).toEqual([expect.stringMatching(/^all it loads [\d.]+ KB > 300 KB$/)]);
  });

  it('should name for each started module a route of the app', () => {
    for (const route of Object.keys(pageStarts)) expect(Object.keys(paths)).toContain(route);
  });

  it('should name a page for every route of the app', () => {
    expect(Object.keys(routePages).sort()).toEqual(Object.keys(paths).sort());
  });
});
