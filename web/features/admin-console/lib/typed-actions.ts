import type { z } from 'zod';
import {
  AddUgRecipeTimingsRequest,
  AddUgRecurringRecipeTimingsRequest,
  AddUgRecurringRecipeTimingsWeekRequest,
  CopyRecipeRequest,
  CopyUserRequest,
  MergeArtistsRequest,
  RemoveUgRecipeTimingsRequest,
  RemoveUgRecurringRecipeTimingsRequest,
  SetAudioFileActiveRequest,
  SetAudioFileArtistsRequest,
  SetAudioFileCategoriesRequest,
  SetFileCategoriesRequest,
  SetForceReloadRequest,
  SetRecipeItemOrderRequest,
  SetRecipeItemsActiveRequest,
  SimilarArtistsRequest,
  SimilarAudioFilesRequest,
} from '../../../../schemas/api/back-office-requests.ts';

// The typed requests of the catalogue (server/http/typed-requests.ts, docs/back-office.md "Typed
// requests") beside the entity they act on. `rowField` is the prop the selected row's id fills in
// (a list gets [id]), so an action on the row in hand is one click after picking it.

export interface TypedAction {
  type: string;
  props: z.ZodType;
  rowField?: string;
}

export const typedActions: Readonly<Record<string, readonly TypedAction[]>> = {
  users: [
    { type: 'copy-user', props: CopyUserRequest, rowField: 'userId' },
    { type: 'set-force-reload', props: SetForceReloadRequest, rowField: 'userIds' },
  ],
  recipes2: [{ type: 'copy-recipe', props: CopyRecipeRequest, rowField: 'fromRecipeId' }],
  'recipe-items2': [
    { type: 'set-recipe-item-order', props: SetRecipeItemOrderRequest, rowField: 'recipeItemId' },
    { type: 'set-recipe-items-active', props: SetRecipeItemsActiveRequest, rowField: 'ids' },
  ],
  artists: [
    { type: 'merge-artists', props: MergeArtistsRequest, rowField: 'srcIds' },
    { type: 'add-similar-artists', props: SimilarArtistsRequest, rowField: 'artistId' },
    { type: 'remove-similar-artists', props: SimilarArtistsRequest, rowField: 'artistId' },
  ],
  'audio-files2': [
    { type: 'set-audio-file-active', props: SetAudioFileActiveRequest, rowField: 'audioFileIds' },
    { type: 'set-audio-file-categories', props: SetAudioFileCategoriesRequest, rowField: 'audioFileIds' },
    { type: 'set-audio-file-artists', props: SetAudioFileArtistsRequest, rowField: 'audioFileIds' },
    { type: 'add-similar-audio-files', props: SimilarAudioFilesRequest, rowField: 'audioFileId' },
    { type: 'remove-similar-audio-files', props: SimilarAudioFilesRequest, rowField: 'audioFileId' },
  ],
  files2: [{ type: 'set-file-categories', props: SetFileCategoriesRequest, rowField: 'fileIds' }],
  'ug-recipe-timings': [
    { type: 'add-ug-recipe-timings', props: AddUgRecipeTimingsRequest },
    { type: 'remove-ug-recipe-timings', props: RemoveUgRecipeTimingsRequest, rowField: 'ids' },
  ],
  'ug-recurring-recipe-timings': [
    { type: 'add-ug-recurring-recipe-timings', props: AddUgRecurringRecipeTimingsRequest },
    { type: 'add-ug-recurring-recipe-timings-week', props: AddUgRecurringRecipeTimingsWeekRequest },
    { type: 'remove-ug-recurring-recipe-timings', props: RemoveUgRecurringRecipeTimingsRequest, rowField: 'ids' },
  ],
};
