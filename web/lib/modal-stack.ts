import { proxy } from 'valtio';

// Spec 1 section 2: modals are stacked; show pushes, hide pops, hide-all clears.

export const modalNames = [
  'LOGOUT',
  'AUDIO_FILE_INFO',
  'SHOW_BIG_IMAGE',
  'SHOW_HTML_CONTENT',
  'MESSAGE',
  'INFO',
  'CHANGE_PASSWORD',
  'SEARCH',
  'EDIT_FAVORITE_LIST',
  'HYDRATE',
  'IFrame',
  'RESIDENT_REPORT',
  'StartSession',
  'TimingCalendar',
] as const;
export type ModalName = (typeof modalNames)[number];

export interface ModalEntry {
  name: ModalName;
  props: Record<string, unknown>;
}

export const modalStack = proxy<{ stack: ModalEntry[] }>({ stack: [] });

export function showModal(name: ModalName, props: Record<string, unknown> = {}): void {
  modalStack.stack.push({ name, props });
}

export function hideModal(): void {
  modalStack.stack.pop();
}

export function hideAllModals(): void {
  modalStack.stack.splice(0);
}
