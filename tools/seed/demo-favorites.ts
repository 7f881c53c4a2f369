import { favoriteListStream, runFavoritesCommand } from '../../commands/favorites/favorite-list-stream.ts';
import type { Actor, FavoritesCommand } from '../../commands/favorites/favorites-decider.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { demoAudioFiles } from './demo-library.ts';
import { demoAdmin, demoEasyUser, demoRelative } from './demo-units.ts';

// Favorite lists of the demo: favorites are events, so the seed makes them the way a user does,
// through the favorites decider and the event store; the projector builds the read model when
// the server starts. The caregiver gets two lists of their own (one active) and a few files in
// the default list; the administrator's list is read-only for the units it administers, so the
// copy flow can be tried. The relative keeps lists for their resident (Aino, whose week the unit
// wrote about: old waltzes, and hymns on Sundays) to play with her on a visit.

interface DemoList {
  owner: string;
  /** undefined: the owner's default list 0. */
  name?: string;
  description?: string;
  slugs: string[];
  recipes?: string[];
  active?: boolean;
}

export const demoFavoriteLists: DemoList[] = [
  {
    owner: 'caregiver',
    name: 'Morning favourites',
    description: '<p>Songs the residents of Ward A ask for after breakfast.</p>',
    slugs: ['aamukahvi', 'ode-to-joy', 'kesaillan-valssi', 'koivun-alla', 'morning-stretch'],
    recipes: ['Morning routine'],
    active: true,
  },
  {
    owner: 'caregiver',
    name: 'Calm afternoon',
    description: '',
    slugs: ['hiljainen-hetki', 'breathing-calmly', 'by-the-sea', 'fox-and-crow'],
    recipes: ['Calm evening'],
  },
  { owner: 'caregiver', slugs: ['iltatahti', 'unikeinu', 'satamatango'] },
  {
    owner: demoAdmin.name,
    name: 'Recommended by the office',
    description: '<p>Picked for all wards this month.</p>',
    slugs: ['muistojen-tango', 'chair-arms', 'weekly-news-1'],
  },
  {
    owner: demoRelative.name,
    name: `${demoRelative.resident[0]}'s waltzes`,
    description: `<p>Songs ${demoRelative.resident[0]} loves to hear on a visit.</p>`,
    slugs: ['kesaillan-valssi', 'satamatango', 'tanssilavan-polkka', 'koivun-alla', 'iltatahti'],
    active: true,
  },
  {
    owner: demoRelative.name,
    name: `Sunday hymns for ${demoRelative.resident[0]}`,
    description: '',
    slugs: ['morning-prayer', 'amazing-grace', 'evening-hymn'],
  },
  { owner: demoRelative.name, slugs: ['unikeinu', 'fox-and-crow'] },
  // The easy-mode resident's easy favorite list (config easyFavoriteListName).
  {
    owner: demoEasyUser.name,
    name: demoEasyUser.config.easyFavoriteListName,
    slugs: ['koivun-alla', 'kesaillan-valssi', 'jarven-rannalla', 'pihlajan-kukka', 'kaunis-kotimaa', 'unikeinu'],
  },
];

/** Returns the number of lists made (default lists included). */
export async function seedDemoFavorites(sql: Sql, now: Date): Promise<number> {
  const store = createPostgresEventStore(sql);
  await store.setup();
  const at = now.toISOString();
  const users = new Map((await sql.query<{ id: number; name: string }>('SELECT id, name FROM users')).map((u) => [u.name, u.id]));
  const audioIds = new Map((await sql.query<{ id: number; name: string }>('SELECT id, name FROM audio_files')).map((a) => [a.name, a.id]));
  const recipeIds = new Map((await sql.query<{ id: number; name: string }>('SELECT id, name FROM recipes')).map((r) => [r.name, r.id]));
  const audioIdOf = (slug: string) => {
    const name = demoAudioFiles.find((f) => f.slug === slug)?.name;
    const id = name === undefined ? undefined : audioIds.get(name);
    if (id === undefined) throw new Error(`Demo favorites refer to unknown audio file ${slug}`);
    return id;
  };

  for (const list of demoFavoriteLists) {
    const userId = users.get(list.owner);
    if (userId === undefined) throw new Error(`Demo favorites refer to unknown user ${list.owner}`);
    const actor: Actor = { userId, admin: false };
    let listId = 0;
    if (list.name) {
      [{ id: listId } = { id: 0 }] = await sql.query<{ id: number }>(`SELECT nextval('favorite_list_ids')::integer AS id`);
    }
    const stream = favoriteListStream(listId, userId);
    const commands: FavoritesCommand[] = [
      ...(list.name ? [{ kind: 'createList' as const, actor, listId, name: list.name, description: list.description ?? '', userGroupId: null, at }] : []),
      ...list.slugs.map((slug) => ({ kind: 'setAudioFile' as const, actor, listId, audioFileId: audioIdOf(slug), value: true, order: null, insertionTime: null, at })),
      ...(list.recipes ?? []).flatMap((name) => {
        const recipeId = recipeIds.get(name);
        if (recipeId === undefined) throw new Error(`Demo favorites refer to unknown recipe ${name}`);
        return [{ kind: 'setRecipe' as const, actor, listId, recipeId, value: true, at }];
      }),
    ];
    for (const command of commands) await runFavoritesCommand({ store, sql }, stream, command);
    if (list.active) await runFavoritesCommand({ store, sql }, favoriteListStream(0, userId), { kind: 'setActiveList', actor, activeListId: listId, target: 'readable', at });
  }
  return demoFavoriteLists.length;
}
