import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allTypedRequests, typedRequestTypes } from '../../../../schemas/api/back-office/all-typed-requests.ts';
import { fieldSpecs } from './schema-fields.ts';
import { entitiesOf, typedActions } from './typed-actions.ts';

// The Requests view draws a form for every typed request from its props schema: a props schema
// that is not an object (or hides one behind a wrapper the console cannot peel) would be a form
// without its fields, so a request the console lists but cannot send.

describe('the console forms of the typed requests', () => {
  it.each(typedRequestTypes)('%s: one input per prop of its schema', (type) => {
    const props = allTypedRequests[type] as unknown as z.ZodObject;
    expect(fieldSpecs(props).map((s) => s.key)).toEqual(Object.keys(props.shape));
  });

  it('fills a selected row into an id prop, one or a list', () => {
    for (const [entity, actions] of Object.entries(typedActions)) {
      for (const action of actions.filter((a) => a.rowField)) {
        const spec = fieldSpecs(action.props).find((s) => s.key === action.rowField);
        expect(spec?.kind, `${entity}: ${action.type}.${action.rowField}`).toMatch(/^(number|numberList)$/);
      }
    }
  });

  it('points a request at the entities it sits beside', () => {
    expect(entitiesOf('set-user-contact')).toEqual(['users', 'contacts']);
    expect(entitiesOf('analyze-text')).toEqual([]);
  });
});
