import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { typedRequests } from './typed-requests.ts';

// docs/back-office.md lists every typed request with who may use it and its effect, as the
// catalogue declares them: a new type, or a changed sentence, fails here until the docs follow.

const docs = fs.readFileSync(new URL('../../docs/back-office.md', import.meta.url), 'utf8');
// The section of the typed requests: the file's other tables (the entities) have rows of the same shape.
const section = docs.slice(docs.indexOf('## Typed requests'), docs.indexOf('\n## ', docs.indexOf('## Typed requests') + 1));

describe('the typed-request catalogue', () => {
  it('is documented one line per type in docs/back-office.md, as declared', () => {
    for (const [type, request] of Object.entries(typedRequests)) {
      expect(section, type).toContain(`| \`${type}\` | ${request.permission} | ${request.effect} |`);
    }
  });

  it('names each type only once in the docs table, and every type named there exists', () => {
    const listed = [...section.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual(Object.keys(typedRequests).sort());
  });

  it('gives every type a sentence of who may use it and of what it does', () => {
    for (const [type, request] of Object.entries(typedRequests)) {
      expect(request.permission.length, type).toBeGreaterThan(10);
      expect(request.effect.length, type).toBeGreaterThan(10);
    }
  });
});
