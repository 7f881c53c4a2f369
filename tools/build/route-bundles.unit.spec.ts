import { describe, expect, it } from 'vitest';
import { paths } from '../../web/routes/paths.ts';
import { landingGoal, routeFiles, routeGoal, routePages, routeSizes, type Manifest } from './route-bundles.ts';

// The size computation of `npm run size` over a manifest shaped as Vite writes it: the entry
// imports shared chunks (one of which imports the entry back), pages are dynamic imports with
// static imports of their own, CSS is never counted.
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
    const [home] = routeSizes(manifest, read, { home: [] }, ['home'], ['features/a/a-page.tsx']);
    expect(home!.files).toBe(4);
  });

  it('should refuse a page that is in no chunk, so a renamed page cannot shrink its route to the entry', () => {
    expect(() => routeFiles(manifest, ['features/gone/gone-page.tsx'])).toThrow(/gone-page.tsx is in no chunk/);
  });

  it('should add up the gzip sizes of the files and hold landing routes to the smaller goal', () => {
    const sizes = routeSizes(manifest, read, { home: [], a: ['features/a/a-page.tsx'] }, ['home']);
    const [home, a] = sizes;
    expect(home).toMatchObject({ route: 'home', files: 2, goal: landingGoal });
    expect(a).toMatchObject({ route: 'a', files: 4, goal: routeGoal });
    expect(home!.bytes).toBe(contents['assets/index-a.js']!.length + contents['assets/react-b.js']!.length);
    expect(a!.bytes).toBe(home!.bytes + contents['assets/charts-c.js']!.length + contents['assets/a-page-d.js']!.length);
    // Compressed, yet not below what incompressible-ish content allows.
    expect(a!.gzipBytes).toBeGreaterThan(home!.gzipBytes);
    expect(a!.gzipBytes).toBeLessThan(a!.bytes);
  });

  it('should name a page for every route of the app', () => {
    expect(Object.keys(routePages).sort()).toEqual(Object.keys(paths).sort());
  });
});
