import type { z } from 'zod';
import type { AppTask, AppTaskList, AppTaskSpec } from '../../../../schemas/api/app-tasks.ts';
import type { CreateLibraryAudioFile, LibraryAudioFile, LibraryAudioFileList, LibraryChoices, UpdateLibraryAudioFile } from '../../../../schemas/api/library-admin.ts';
import { apiRequest } from '../../../lib/api-client.ts';

// The operators' library routes (schemas/api/library-admin.ts) and app tasks (schemas/api/app-tasks.ts).

export type AudioFileFields = z.input<typeof UpdateLibraryAudioFile>;

export const getLibraryAudioFiles = (query: string) =>
  apiRequest<LibraryAudioFileList>('/api/library/audio-files', { query: { limit: '100', query: query || undefined } });

export const getLibraryChoices = () => apiRequest<LibraryChoices>('/api/library/choices');

export const createLibraryAudioFile = (body: z.input<typeof CreateLibraryAudioFile>) =>
  apiRequest<LibraryAudioFile>('/api/library/audio-files', { method: 'POST', body });

export const updateLibraryAudioFile = (id: number, body: AudioFileFields) =>
  apiRequest<LibraryAudioFile>(`/api/library/audio-files/${id}`, { method: 'PUT', body });

export const setLibraryAudioFileActive = (id: number, active: boolean) =>
  apiRequest<LibraryAudioFile>(`/api/library/audio-files/${id}/active`, { method: 'POST', body: { active } });

export const getAppTasks = () => apiRequest<AppTaskList>('/api/admin/app-tasks', { query: { limit: '50' } });

export const addAppTask = (task: AppTaskSpec) => apiRequest<AppTask>('/api/admin/app-tasks', { method: 'POST', body: { task } });
