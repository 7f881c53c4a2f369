import { describe, expect, it } from 'vitest';
import { allEntitySchemas } from '../../schemas/api/back-office/all-entities.ts';
import { allTypedRequests } from '../../schemas/api/back-office/all-typed-requests.ts';
import { typedActions } from '../../web/features/admin-console/lib/typed-actions.ts';
import { typedRequests } from './typed-requests.ts';

// The operator console's action forms are drawn from the props schemas it names: a type renamed or
// dropped from the catalogue, or a schema the server no longer validates with, would be a form
// that can only fail. Its Requests view lists allTypedRequests: a type of the catalogue missing
// there would be a request the console cannot reach.

describe('the console request list', () => {
  it('names every type of the server catalogue, and nothing else', () => {
    expect(Object.keys(allTypedRequests).sort()).toEqual(Object.keys(typedRequests).sort());
  });

  it('gives each type the props schema the server validates it with', () => {
    for (const [type, props] of Object.entries(allTypedRequests)) expect(props, type).toBe(typedRequests[type]!.body);
  });
});

describe('the console actions', () => {
  it('name requests of the catalogue with the props schemas the server validates', () => {
    for (const actions of Object.values(typedActions)) {
      for (const action of actions) {
        expect(typedRequests[action.type], action.type).toBeDefined();
        expect(action.props, action.type).toBe(typedRequests[action.type]!.body);
      }
    }
  });

  it('sit beside entities the console lists, and fill in props their forms have', () => {
    const names = allEntitySchemas.map((e) => e.schemas.name);
    for (const [entity, actions] of Object.entries(typedActions)) {
      expect(names, entity).toContain(entity);
      for (const action of actions) if (action.rowField) expect(Object.keys((action.props as unknown as { shape: object }).shape), action.type).toContain(action.rowField);
    }
  });

  it('include copy, merge, categories and activity of audio files', () => {
    const types = Object.values(typedActions).flatMap((actions) => actions.map((a) => a.type));
    expect(types).toEqual(expect.arrayContaining(['copy-user', 'copy-recipe', 'merge-artists', 'set-audio-file-categories', 'set-audio-file-active']));
  });
});
