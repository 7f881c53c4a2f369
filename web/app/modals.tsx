import type { ModalRegistry } from '../components/modal-host.tsx';
import { LogoutModal } from '../features/auth/components/logout-modal.tsx';
import { MessagePopupModal } from '../features/messages/components/unread-popups.tsx';
import { StartSessionModal } from '../features/usage-session/components/start-session-modal.tsx';
import { BigImageModal } from '../components/modals/big-image-modal.tsx';
import { IFrameModal } from '../components/modals/iframe-modal.tsx';
import { lazyNamed } from '../lib/lazy-named.ts';

// The heavier windows (charts, search, the calendar, HTML sanitising) load when first opened.
const EditFavoriteListModal = lazyNamed(() => import('../features/favorites/components/edit-favorite-list-modal.tsx'), 'EditFavoriteListModal');
const ParticipationReportModal = lazyNamed(() => import('../features/participation-report/components/participation-report-modal.tsx'), 'ParticipationReportModal');
const SearchAndAddModal = lazyNamed(() => import('./search-and-add-modal.tsx'), 'SearchAndAddModal');
const TimingCalendarModal = lazyNamed(() => import('../components/timing-calendar/timing-calendar-modal.tsx'), 'TimingCalendarModal');
const AudioFileInfoModal = lazyNamed(() => import('../components/modals/audio-file-info-modal.tsx'), 'AudioFileInfoModal');
const HtmlContentModal = lazyNamed(() => import('../components/modals/html-content-modal.tsx'), 'HtmlContentModal');
const InfoModal = lazyNamed(() => import('../components/modals/info-modal.tsx'), 'InfoModal');

// Modals that exist so far; the others show a 'not built yet' note inside the modal frame.
export const modalRegistry: ModalRegistry = {
  LOGOUT: LogoutModal,
  MESSAGE: MessagePopupModal,
  EDIT_FAVORITE_LIST: EditFavoriteListModal,
  SEARCH: SearchAndAddModal,
  RESIDENT_REPORT: ParticipationReportModal,
  StartSession: StartSessionModal,
  TimingCalendar: TimingCalendarModal,
  AUDIO_FILE_INFO: AudioFileInfoModal,
  SHOW_BIG_IMAGE: BigImageModal,
  SHOW_HTML_CONTENT: HtmlContentModal,
  INFO: InfoModal,
  IFrame: IFrameModal,
};
