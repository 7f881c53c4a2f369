import type { ModalRegistry } from '../components/modal-host.tsx';
import { LogoutModal } from '../features/auth/components/logout-modal.tsx';
import { EditFavoriteListModal } from '../features/favorites/components/edit-favorite-list-modal.tsx';
import { MessagePopupModal } from '../features/messages/components/unread-popups.tsx';
import { ParticipationReportModal } from '../features/participation-report/components/participation-report-modal.tsx';
import { StartSessionModal } from '../features/usage-session/components/start-session-modal.tsx';
import { SearchAndAddModal } from './search-and-add-modal.tsx';
import { TimingCalendarModal } from '../components/timing-calendar/timing-calendar-modal.tsx';
import { AudioFileInfoModal } from '../components/modals/audio-file-info-modal.tsx';
import { BigImageModal } from '../components/modals/big-image-modal.tsx';
import { HtmlContentModal } from '../components/modals/html-content-modal.tsx';
import { IFrameModal } from '../components/modals/iframe-modal.tsx';
import { InfoModal } from '../components/modals/info-modal.tsx';

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
