import { showModal } from '../../lib/modal-stack.ts';

// The calendar of current events (TimingCalendar): open it on a day (YYYY-MM-DD; today in
// Europe/Helsinki by default), showing that day or, with mode 'week', its Monday-to-Sunday week.
// The modal itself is timing-calendar-modal.tsx, registered in web/app/modals.tsx.

export function openTimingCalendar(options: { day?: string; mode?: 'day' | 'week' } = {}): void {
  showModal('TimingCalendar', options);
}
