import { proxy, ref } from 'valtio';
import { maxReportDays } from '../../../../schemas/api/usage-report-values.ts';
import type { UsageTotals } from '../../../../schemas/api/usage-report.ts';
import { addMonths, daysInclusive, firstDayOfMonth, isDataDay, monthOf, monthPeriod, todayDataDay } from '../../../lib/format.ts';
import { getTargetCounts } from '../api/get-target-counts.ts';
import { getUsageTotals } from '../api/get-usage-totals.ts';
import { setTargetCount } from '../api/set-target-count.ts';

type Status = 'idle' | 'loading' | 'loaded' | 'failed';

// The usage report's period, user and figures. Days are data days (YYYY-MM-DD) in the viewer's
// time zone; a period defaults to the first of the month up to today (spec 3 section 9).
export const reportStore = proxy<{
  viewerId: number;
  timeZone: string;
  userId: number;
  firstDay: string;
  lastDay: string;
  totals: UsageTotals | null;
  status: Status;
  /** The viewed month's session target of the report user; null until loaded. */
  sessionTarget: number | null;
  /** The viewed month's targets by category id; null until loaded. */
  categoryTargets: Record<string, number> | null;
  targetBusy: boolean;
}>({
  viewerId: 0,
  timeZone: 'Europe/Helsinki',
  userId: 0,
  firstDay: '',
  lastDay: '',
  totals: null,
  status: 'idle',
  sessionTarget: null,
  categoryTargets: null,
  targetBusy: false,
});

export function today(): string {
  return todayDataDay(reportStore.timeZone);
}

/**
 * Whose report opens first: the viewer's own, administrator or not (spec 3 section 4: "Administrators
 * select their own id by default"); the units they administer follow it in the 'Report for User' list.
 */
export function defaultReportUserId(viewer: { id: number }): number {
  return viewer.id;
}

/**
 * Starts the report on the current month for the given user. Coming back to the page keeps the
 * period and user chosen; another login starts afresh.
 */
export function initReport(viewerId: number, timeZone: string, userId: number): void {
  if (reportStore.viewerId === viewerId) return;
  reportStore.viewerId = viewerId;
  reportStore.timeZone = timeZone;
  reportStore.userId = userId;
  reportStore.totals = null;
  reportStore.status = 'idle';
  showMonth(monthOf(today()));
}

export function periodProblem(firstDay: string, lastDay: string): 'invalid' | 'reversed' | 'tooLong' | null {
  if (!isDataDay(firstDay) || !isDataDay(lastDay)) return 'invalid';
  if (lastDay < firstDay) return 'reversed';
  if (daysInclusive(firstDay, lastDay) > maxReportDays) return 'tooLong';
  return null;
}

export function viewedMonth(): string {
  return monthOf(reportStore.firstDay);
}

export function canGoToNextMonth(): boolean {
  return viewedMonth() < monthOf(today());
}

/** Targets are set for the current month only; a past month's target is history. */
export function isPastMonth(): boolean {
  return viewedMonth() < monthOf(today());
}

export function showMonth(month: string): void {
  const period = monthPeriod(month, today());
  reportStore.firstDay = period.firstDay;
  reportStore.lastDay = period.lastDay;
}

export function previousMonth(): void {
  showMonth(addMonths(viewedMonth(), -1));
}

export function nextMonth(): void {
  if (canGoToNextMonth()) showMonth(addMonths(viewedMonth(), 1));
}

export function setFirstDay(day: string): void {
  reportStore.firstDay = day;
}

export function setLastDay(day: string): void {
  reportStore.lastDay = day;
}

export function setReportUser(userId: number): void {
  reportStore.userId = userId;
}

let loadSeq = 0;

/** Loads the figures of the current choice; an answer to an older choice is dropped. */
export async function loadTotals(): Promise<void> {
  const { userId, firstDay, lastDay } = reportStore;
  const seq = ++loadSeq;
  if (periodProblem(firstDay, lastDay)) {
    reportStore.totals = null;
    reportStore.status = 'idle';
    return;
  }
  reportStore.status = 'loading';
  try {
    const totals = await getUsageTotals(userId, firstDay, lastDay);
    if (seq !== loadSeq) return;
    reportStore.totals = ref(totals);
    reportStore.status = 'loaded';
  } catch (error) {
    // Spec 3 section 8: report failures are logged only; the screen shows its empty state.
    console.warn('Usage report failed', error);
    if (seq !== loadSeq) return;
    reportStore.totals = null;
    reportStore.status = 'failed';
  }
}

let targetSeq = 0;

/** Loads the viewed month's session and category targets of the report user (0 when unset). */
export async function loadTargets(): Promise<void> {
  const { userId } = reportStore;
  const month = viewedMonth();
  const seq = ++targetSeq;
  reportStore.sessionTarget = null;
  reportStore.categoryTargets = null;
  if (!userId || !month) return;
  const day = firstDayOfMonth(month);
  try {
    const result = await getTargetCounts([userId], day, day);
    if (seq !== targetSeq) return;
    const targets = result.targetCounts[String(userId)];
    reportStore.sessionTarget = targets?.sessions[day] ?? 0;
    reportStore.categoryTargets = Object.fromEntries(
      Object.entries(targets?.categories ?? {}).map(([categoryId, byDay]) => [categoryId, byDay[day] ?? 0]),
    );
  } catch (error) {
    console.warn('Target counts failed', error);
    if (seq !== targetSeq) return;
    reportStore.sessionTarget = 0;
    reportStore.categoryTargets = {};
  }
}

export async function saveSessionTarget(value: number): Promise<void> {
  if (isPastMonth()) return;
  const previous = reportStore.sessionTarget;
  reportStore.sessionTarget = value;
  reportStore.targetBusy = true;
  try {
    await setTargetCount({ field: 'sessions', userId: reportStore.userId, value });
  } catch (error) {
    console.warn('Setting the target failed', error);
    reportStore.sessionTarget = previous;
  } finally {
    reportStore.targetBusy = false;
  }
}

export async function saveCategoryTarget(categoryId: number, value: number): Promise<void> {
  const targets = reportStore.categoryTargets;
  if (isPastMonth() || !targets) return;
  const previous = targets[String(categoryId)] ?? 0;
  targets[String(categoryId)] = value;
  reportStore.targetBusy = true;
  try {
    await setTargetCount({ field: 'categories', userId: reportStore.userId, categoryId, value });
  } catch (error) {
    console.warn('Setting the target failed', error);
    targets[String(categoryId)] = previous;
  } finally {
    reportStore.targetBusy = false;
  }
}
