import type { z } from 'zod';
import { AppTask, AppTaskList, type AppTaskSpec } from '../../../../schemas/api/app-tasks.ts';
import { CreateLibraryAudioFile, LibraryAudioFile, LibraryAudioFileList, LibraryChoices, UpdateLibraryAudioFile } from '../../../../schemas/api/library-admin.ts';
import { apiRequest } from '../../../lib/api-client.ts';

// The operators' library routes (schemas/api/library-admin.ts) and app tasks (schemas/api/app-tasks.ts).

export type AudioFileFields = z.input<typeof UpdateLibraryAudioFile>;

export const getLibraryAudioFiles = (query: string) =>
  apiRequest('/api/library/audio-files', { schema: LibraryAudioFileList, query: { limit: '100', query: query || undefined } });

export const getLibraryChoices = () => apiRequest('/api/library/choices', { schema: LibraryChoices });

export const createLibraryAudioFile = (body: z.input<typeof CreateLibraryAudioFile>) =>
  apiRequest('/api/library/audio-files', { method: 'POST', body, schema: LibraryAudioFile });

export const updateLibraryAudioFile = (id: number, body: AudioFileFields) =>
  apiRequest(`/api/library/audio-files/${id}`, { method: 'PUT', body, schema: LibraryAudioFile });

export const setLibraryAudioFileActive = (id: number, active: boolean) =>
  apiRequest(`/api/library/audio-files/${id}/active`, { method: 'POST', body: { active }, schema: LibraryAudioFile });

export const getAppTasks = () => apiRequest('/api/admin/app-tasks', { schema: AppTaskList, query: { limit: '50' } });

export const addAppTask = (task: AppTaskSpec) => apiRequest('/api/admin/app-tasks', { method: 'POST', body: { task }, schema: AppTask });
