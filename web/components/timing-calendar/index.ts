// Placeholder until the calendar of current events (TimingCalendar, issue 15) is merged: its
// owner replaces this file with the modal. The recipe screen's "Show Current Events" calls it.

export function openTimingCalendar(options: { day?: string } = {}): void {
  void options;
}
