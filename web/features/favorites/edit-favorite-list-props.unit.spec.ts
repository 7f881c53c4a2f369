import { describe, expect, it } from 'vitest';
import { editFavoriteListPropsOf } from './edit-favorite-list-props.ts';

describe('editFavoriteListPropsOf', () => {
  it('should fill in the defaults: a new list whose info may be changed', () => {
    expect(editFavoriteListPropsOf({})).toEqual({ mode: 'new', cannotModifyInfo: false });
  });
  it('should keep what the opener passed', () => {
    expect(editFavoriteListPropsOf({ mode: 'copy', listId: 0, cannotModifyInfo: true, addAudioFileId: 12 })).toMatchObject({
      mode: 'copy',
      listId: 0,
      cannotModifyInfo: true,
      addAudioFileId: 12,
    });
  });
  it('should refuse props of another kind', () => {
    expect(editFavoriteListPropsOf({ mode: 'delete' })).toBeNull();
    expect(editFavoriteListPropsOf({ mode: 'copy', listId: -1 })).toBeNull();
    expect(editFavoriteListPropsOf({ mode: 'copy', listId: null })).toBeNull();
    expect(editFavoriteListPropsOf({ addRecipeId: 1.5 })).toBeNull();
    expect(editFavoriteListPropsOf({ cannotModifyInfo: 'yes' })).toBeNull();
  });
});
