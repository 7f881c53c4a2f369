// The lint fence: which folder may import which (ARCHITECTURE.md, "Layers"). It is a fence, not a
// style guide: only import rules are on, none needs type information, so the whole repo lints in
// seconds and `npm test` runs it first.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const root = import.meta.dirname;

// Each top folder and the top folders it may import besides itself. Anything not listed is
// forbidden, so the table reads as an allow-list. A top folder holding code that is missing here
// fails tools/lint-fence.unit.spec.ts, so a new folder cannot slip past the fence.
export const layers = {
  schemas: [], // zod schemas shared with the browser: the ground floor
  infra: ['schemas'], // adapters: SQL, event store, ClickHouse, auth, files, config, errors
  domain: ['schemas', 'infra'], // policies, pure folds and row mappers both sides share
  commands: ['schemas', 'infra', 'domain', 'server/http'], // write side: never the read side
  queries: ['schemas', 'infra', 'domain', 'server/http', 'projections'], // may name the read models it reads
  projections: ['schemas', 'infra', 'domain'],
  server: 'anything', // composition root and HTTP edge kit
  tools: 'anything', // CLI, seed, generator
  tests: 'anything', // integration and browser tests, their support and fixtures
  web: ['web', 'schemas'], // the browser app; features are fenced from each other below
};

// The HTTP edge kit commands and queries use is server/http/*, except what composes the routes
// (the list of route modules, the typed-request dispatcher):
// importing it from a route would make a cycle through every other route.
const edgeKitExceptions = ['server/http/routes.ts', 'server/http/typed-requests.ts'];

const testFiles = ['**/*.spec.ts', '**/*.spec.tsx', '**/*.bench.ts'];

/**
 * One zone per folder: every top folder outside its allow-list is restricted. `alsoAllowed`
 * widens every list (for the tests that sit beside the code).
 */
function layerZones(alsoAllowed = []) {
  const zones = [];
  for (const [folder, ownList] of Object.entries(layers)) {
    if (ownList === 'anything') continue;
    const allowed = [...ownList, ...alsoAllowed];
    const rule = allowed.length > 0 ? `may import only ${allowed.join(', ')}` : 'imports nothing of ours';
    const message = `${folder}/ ${rule} (ARCHITECTURE.md, "Layers").`;
    const allowedTops = new Set(allowed.map((entry) => entry.split('/')[0]));
    const forbidden = Object.keys(layers).filter((other) => other !== folder && !allowedTops.has(other));
    zones.push({ target: folder, from: forbidden, message });
    if (allowed.includes('server/http')) {
      zones.push({ target: folder, from: 'server', except: ['./http'], message });
      zones.push({ target: folder, from: edgeKitExceptions, message });
    }
  }
  return zones;
}

/**
 * web/ is layered inside too: app/ is the web's composition root and may import any feature;
 * a feature imports only itself and the shared parts (components/, lib/, routes/); the shared
 * parts import no feature and not the app, or a feature could reach another through them.
 */
function webZones() {
  const featuresDir = path.join(root, 'web/features');
  const features = readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const message = 'A feature never imports another feature or the app: move the shared piece to web/components or web/lib, or compose in web/app.';
  const zones = features.flatMap((feature) => [
    { target: `web/features/${feature}`, from: 'web/features', except: [`./${feature}`], message },
    { target: `web/features/${feature}`, from: ['web/app', 'web/main.tsx'], message },
  ]);
  zones.push({
    target: ['web/components', 'web/lib', 'web/routes'],
    from: ['web/features', 'web/app', 'web/main.tsx'],
    message: 'Shared web parts import no feature and not the app.',
  });
  return zones;
}

// Product code never imports a test, a benchmark or test support: fixtures ship under tests/.
const productFolders = Object.keys(layers).filter((folder) => folder !== 'tests');
const noTestImports = [
  { target: productFolders, from: 'tests', message: 'Product code never imports tests/.' },
  { target: productFolders, from: testFiles, message: 'Product code never imports a test file.' },
];

// The browser shares the schemas' types, not their code (ARCHITECTURE.md, "The browser and the
// schemas"): the server validates every request and serialises every answer through the schemas,
// so zod stays out of the browser's first load. web/ imports schemas/ with `import type`, apart
// from these files, which hold plain values and import nothing but types themselves.
export const zodFreeSchemaFiles = [
  'schemas/api/contract-alerts.ts',
  'schemas/api/error-kinds.ts',
  'schemas/api/iframe-hosts.ts',
  'schemas/api/languages.ts',
  'schemas/api/live-close-codes.ts',
  'schemas/api/message-item-limits.ts',
  'schemas/api/password-rules.ts',
  'schemas/api/recipe-item-types.ts',
  'schemas/api/setting-defaults.ts',
  'schemas/api/upload-limits.ts',
  'schemas/api/usage-log-body.ts',
  'schemas/api/usage-report-values.ts',
  'schemas/common/html-policy.ts',
  'schemas/events/message-item-types.ts',
];
// Lazily loaded screens that check input with zod and load it only when opened: the operators'
// console and rebuild page build and check their forms from the shared schemas.
const zodInBrowserAllowed = ['web/features/admin-console/**', 'web/features/rebuild/**'];
const schemasTypesOnly = 'The browser imports schemas/ and zod with `import type` only (ARCHITECTURE.md, "The browser and the schemas"): a value it needs goes to a zod-free file of eslint.config.js zodFreeSchemaFiles.';

const resolver = createNodeResolver({
  // Relative imports name their file (`./x.ts`, `./y.tsx`); packages resolve as Node and Vite do.
  extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.node'],
  conditionNames: ['types', 'import', 'node', 'browser', 'default', 'require'],
});

export default defineConfig(
  { ignores: ['node_modules/', 'dist/', 'data/', 'test-output/', '.tmp/', '.scratch/'] },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [resolver] },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // An import the fence cannot resolve is an import it cannot check: it must resolve.
      'import-x/no-unresolved': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...layerZones(), ...webZones(), ...noTestImports] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: [...testFiles, ...zodInBrowserAllowed],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['zod', 'zod/*'], allowTypeImports: true, message: schemasTypesOnly },
            { regex: String.raw`(^|/)schemas/(?!(${zodFreeSchemaFiles.map((file) => file.replace(/^schemas\//, '').replaceAll('.', '\\.')).join('|')})$)`, allowTypeImports: true, message: schemasTypesOnly },
          ],
        },
      ],
    },
  },
  {
    files: zodFreeSchemaFiles,
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '.', allowTypeImports: true, message: 'A zod-free schema file imports nothing but types: the browser loads it in its first load.' }] },
      ],
    },
  },
  {
    // A unit test beside the code imports what its folder's code may import (it tests that code,
    // so it needs nothing more: a command's test does not reach into the read side, a feature's
    // test not into another feature), plus the test support and fixtures under tests/ and the
    // tools/ (seeded random numbers). Files under tests/ may import anything: they sit on top,
    // like server/. No product file imports a test (noTestImports above).
    files: testFiles,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...layerZones(['tests', 'tools']), ...webZones()] }],
    },
  },
);
