import type { ModalRegistry } from '../components/modal-host.tsx';
import { LogoutModal } from '../features/auth/components/logout-modal.tsx';

// Modals that exist so far; the others show a 'not built yet' note inside the modal frame.
export const modalRegistry: ModalRegistry = {
  LOGOUT: LogoutModal,
};
