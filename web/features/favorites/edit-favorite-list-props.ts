// What EDIT_FAVORITE_LIST is opened with (showModal's props: favorite-list-tools.tsx, the favorite
// toggles, the favorites page). Read by hand, not with zod, so that a caregiver opening the modal
// loads no validation library for props our own code wrote.

const modes = ['new', 'copy', 'rename'] as const;

export interface EditFavoriteListProps {
  mode: (typeof modes)[number];
  listId?: number;
  cannotModifyInfo: boolean;
  /** Added to the copy once made (a favorite button pressed on a read-only list). */
  addAudioFileId?: number;
  /** Added to the copy once made (a recipe's favorite button pressed on a read-only list). */
  addRecipeId?: number;
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The props with their defaults (mode 'new', cannotModifyInfo false), or null when one is of another kind. */
export function editFavoriteListPropsOf(props: Record<string, unknown>): EditFavoriteListProps | null {
  const mode = props.mode === undefined ? 'new' : modes.find((known) => known === props.mode);
  const ids = { listId: props.listId, addAudioFileId: props.addAudioFileId, addRecipeId: props.addRecipeId };
  const cannotModifyInfo = props.cannotModifyInfo ?? false;
  if (!mode || typeof cannotModifyInfo !== 'boolean') return null;
  if (Object.values(ids).some((id) => id !== undefined && !isId(id))) return null;
  return { mode, cannotModifyInfo, ...(ids as Pick<EditFavoriteListProps, 'listId' | 'addAudioFileId' | 'addRecipeId'>) };
}
