import { describe, expect, it } from 'vitest';
import { favoritesReadModel } from '../../commands/favorites/favorite-list-stream.ts';
import { messagesReadModel } from '../../commands/messages/message-stream.ts';
import { projectors } from '../../projections/projectors.ts';

// Commands name the read model they wait for by its projection name (they never import a
// projector), and a misspelt name would make the read-your-writes barrier wait for nothing, silently.
describe('read models commands note their writes for', () => {
  it.each([messagesReadModel, favoritesReadModel])('should name a Postgres projector: %s', (name) => {
    expect(projectors.filter((p) => p.kind === 'postgres').map((p) => p.name)).toContain(name);
  });
});
