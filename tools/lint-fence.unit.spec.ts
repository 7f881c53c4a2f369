import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoFiles, repoRoot } from '../tests/support/repo-files.ts';
// @ts-expect-error The config is plain JavaScript (ESLint loads it without a build step): no types.
import { layers, zodFreeSchemaFiles } from '../eslint.config.js';

// The fence in eslint.config.js is only worth something if it fires: each case lints a snippet as
// if it were a file at `file`, importing a real module, and expects the rule that must catch it.

const files = repoFiles();

/** A real module under `folder` (not a test), so the import resolves as a real one would. */
function moduleIn(folder: string): string {
  const found = files.find((file) => file.startsWith(`${folder}/`) && /\.tsx?$/.test(file) && !/\.(spec|bench)\./.test(file));
  if (!found) throw new Error(`no module under ${folder}/`);
  return found;
}

/** An import of `target` as written in a file at `file`: relative, with its extension. */
function importOf(file: string, target: string): string {
  const relative = path.posix.relative(path.posix.dirname(file), target);
  return `import * as probe from '${relative.startsWith('.') ? relative : `./${relative}`}';\nexport { probe };\n`;
}

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function ruleIdsFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const fenced = 'import-x/no-restricted-paths';

describe('the lint fence', () => {
  it.each([
    ['commands/probe.ts', 'queries', 'a command reads through a query'],
    ['commands/probe.ts', 'projections', 'a command reaches into a read model'],
    ['commands/probe.ts', 'server/app.ts', 'a command imports the composition root'],
    ['commands/probe.ts', 'server/http/routes.ts', 'a command imports the list of routes'],
    ['commands/probe.ts', 'tools', 'a command imports the CLI'],
    ['queries/probe.ts', 'commands', 'a query imports a command'],
    ['projections/probe.ts', 'queries', 'a projector imports a query'],
    ['projections/probe.ts', 'server/http/auth.ts', 'a projector imports the HTTP edge'],
    ['domain/probe.ts', 'commands', 'a shared policy imports a command'],
    ['infra/probe.ts', 'server/http/auth.ts', 'an adapter imports the HTTP edge'],
    ['infra/probe.ts', 'commands', 'an adapter imports a command'],
    ['schemas/probe.ts', 'infra', 'a schema imports an adapter'],
    ['web/features/search/probe.ts', 'web/features/favorites', 'a feature imports another feature'],
    ['web/features/search/probe.ts', 'web/app', 'a feature imports the app'],
    ['web/lib/probe.ts', 'web/features/player', 'a shared web part imports a feature'],
    ['web/components/probe.tsx', 'web/app', 'a shared web part imports the app'],
    ['web/app/probe.tsx', 'infra', 'the browser imports server code'],
    ['infra/probe.ts', 'tests/support', 'product code imports test support'],
    ['web/lib/probe.ts', 'web/lib/format.unit.spec.ts', 'product code imports a test'],
    ['commands/probe.unit.spec.ts', 'queries', "a command's unit test reaches into the read side"],
    ['web/features/search/probe.unit.spec.ts', 'web/features/favorites', "a feature's unit test imports another feature"],
  ])('should refuse %s importing %s: %s', async (file, target, _why) => {
    const module = target.endsWith('.ts') ? target : moduleIn(target);
    expect(await ruleIdsFor(file, importOf(file, module))).toContain(fenced);
  });

  it.each([
    ['commands/probe.ts', 'server/http/auth.ts'],
    ['commands/probe.ts', 'infra'],
    ['queries/probe.ts', 'projections'],
    ['queries/probe.ts', 'server/http/zod.ts'],
    ['projections/probe.ts', 'schemas'],
    ['server/probe.ts', 'commands'],
    ['tools/probe.ts', 'queries'],
    ['web/app/probe.tsx', 'web/features/favorites'],
    ['web/features/search/probe.ts', 'web/features/search'],
    ['web/features/search/probe.ts', 'web/lib'],
    ['web/features/search/probe.ts', 'schemas/api/languages.ts'],
    ['commands/probe.unit.spec.ts', 'tests/support/decider-spec.ts'],
    ['projections/probe.unit.spec.ts', 'tools/seeded-random.ts'],
    ['tests/probe.int.spec.ts', 'commands'],
  ])('should let %s import %s', async (file, target) => {
    const module = target.endsWith('.ts') ? target : moduleIn(target);
    expect(await ruleIdsFor(file, importOf(file, module))).toEqual([]);
  });

  it('should let the browser import the schemas only as types, or a zod-free file (ARCHITECTURE.md, "The browser and the schemas")', async () => {
    const typesOnly = '@typescript-eslint/no-restricted-imports';
    const file = 'web/features/search/probe.ts';
    expect(await ruleIdsFor(file, importOf(file, 'schemas/api/settings.ts'))).toEqual([typesOnly]);
    expect(await ruleIdsFor(file, "import { z } from 'zod';\nexport const probe = z;\n")).toEqual([typesOnly]);
    expect(await ruleIdsFor(file, "import type { Settings } from '../../../schemas/api/settings.ts';\nexport type Probe = Settings;\n")).toEqual([]);
    expect(await ruleIdsFor(file, "import { resultsCountOptions } from '../../../schemas/api/setting-defaults.ts';\nexport const probe = resultsCountOptions;\n")).toEqual([]);
    expect(await ruleIdsFor('web/features/admin-console/probe.ts', importOf('web/features/admin-console/probe.ts', 'schemas/api/settings.ts'))).toEqual([]);
    expect(await ruleIdsFor('schemas/api/languages.ts', "import { z } from 'zod';\nexport const probe = z;\n")).toEqual([typesOnly]);
    for (const zodFree of zodFreeSchemaFiles as string[]) expect(files).toContain(zodFree);
  });

  it('should count a type-only import and a dynamic import as imports', async () => {
    const file = 'web/features/search/probe.ts';
    const target = path.posix.relative(path.posix.dirname(file), moduleIn('web/features/favorites'));
    expect(await ruleIdsFor(file, `import type * as probe from '${target}';\nexport type { probe };\n`)).toContain(fenced);
    expect(await ruleIdsFor(file, `export const probe = () => import('${target}');\n`)).toContain(fenced);
  });

  it('should refuse an import it cannot resolve, since it could not check it', async () => {
    expect(await ruleIdsFor('commands/probe.ts', "import { gone } from '../queries/no-such-file.ts';\nexport { gone };\n")).toEqual(['import-x/no-unresolved']);
  });

  it('should know every top folder that holds code', () => {
    const codeFolders = new Set(files.filter((file) => file.includes('/') && /\.(ts|tsx|js|mjs)$/.test(file)).map((file) => file.split('/')[0]!));
    // .ci/ holds the CI's own script, no product code.
    codeFolders.delete('.ci');
    expect([...codeFolders].filter((folder) => !(folder in layers))).toEqual([]);
  });
});
