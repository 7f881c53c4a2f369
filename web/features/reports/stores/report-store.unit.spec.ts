import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canGoToNextMonth, defaultReportUserId, initReport, isPastMonth, nextMonth, periodProblem, previousMonth, reportStore } from './report-store.ts';

describe('report period navigation', () => {
  beforeEach(() => {
    // 22:30 UTC on 30 November is already 1 December in Helsinki.
    vi.useFakeTimers({ now: new Date('2026-11-30T22:30:00Z') });
    reportStore.viewerId = 0;
    initReport(1, 'Europe/Helsinki', 7);
  });
  afterEach(() => vi.useRealTimers());

  it('should start on the current month in the viewer zone, up to today', () => {
    expect(reportStore.userId).toBe(7);
    expect([reportStore.firstDay, reportStore.lastDay]).toEqual(['2026-12-01', '2026-12-01']);
    expect(canGoToNextMonth()).toBe(false);
    expect(isPastMonth()).toBe(false);
  });

  it('should go back always and forward no further than the current month', () => {
    previousMonth();
    previousMonth();
    expect([reportStore.firstDay, reportStore.lastDay]).toEqual(['2026-10-01', '2026-10-31']);
    expect(isPastMonth()).toBe(true);
    nextMonth();
    nextMonth();
    nextMonth();
    expect(reportStore.firstDay).toBe('2026-12-01');
    expect(canGoToNextMonth()).toBe(false);
  });

  it('should keep the chosen period for the same viewer and start afresh for another', () => {
    previousMonth();
    initReport(1, 'Europe/Helsinki', 7);
    expect(reportStore.firstDay).toBe('2026-11-01');
    initReport(2, 'UTC', 9);
    expect([reportStore.userId, reportStore.firstDay, reportStore.lastDay]).toEqual([9, '2026-11-01', '2026-11-30']);
  });

  it('should refuse reversed, invalid and longer than a year periods', () => {
    expect(periodProblem('2026-01-01', '2026-01-31')).toBeNull();
    expect(periodProblem('2026-02-01', '2026-01-31')).toBe('reversed');
    expect(periodProblem('2026-02-30', '2026-03-01')).toBe('invalid');
    expect(periodProblem('2025-01-01', '2026-01-02')).toBe('tooLong');
    expect(periodProblem('2024-01-01', '2024-12-31')).toBeNull();
  });
});

describe('the report user at start', () => {
  it("selects an administrator's own id first, not the first user they administer (spec 3)", () => {
    const administrator = { id: 4, adminOfUsers: [{ id: 9, name: 'caregiver' }] };
    expect(defaultReportUserId(administrator)).toBe(4);
  });
});
