import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResidentUsage } from '../../schemas/api/public-usage.ts';
import { buildReportScenario, type ReportScenario } from './support/report-scenario.ts';

// The participation report over the scenario in support/report-scenario.ts: resident A took part
// only in S3 (2026-01-16 09:00-09:10 UTC, 600 s, files 2 then 1).

let s: ReportScenario;
beforeAll(async () => void (s = await buildReportScenario()), 120_000);
afterAll(async () => s?.close());

const get = (headers: Record<string, string>, residentId: number) =>
  s.t.app.inject({ method: 'GET', url: `/api/resident-usage/${residentId}/2026-01-14/2026-01-20`, headers });

describe('GET /api/resident-usage/{id}/{first}/{last}', () => {
  it('should list the sessions the resident took part in, for a relative', async () => {
    const response = await get(s.headers(s.relative), s.residentA);
    expect(response.statusCode, response.body).toBe(200);
    const report = ResidentUsage.parse(response.json());
    expect(report.startTime).toBe('2026-01-13T22:00:00.000Z');
    expect(report.residentId).toBe(s.residentA);
    expect(report.sessions.map((x) => [x.startTime, x.endTime, x.duration])).toEqual([['2026-01-16T09:00:00.000Z', '2026-01-16T09:10:00.000Z', 600]]);
    expect(report.sessions[0]!.plays.map((p) => [p.program, p.length, p.pause])).toEqual([['Program', 240, 0], ['Song', 60, 60]]);
    // Eino, the other resident in that session, is counted but not named to Aino's relative.
    expect(report.sessions[0]!.participants).toEqual([{ id: s.residentA, firstName: 'Aino', lastName: 'Virtanen' }]);
    expect(report.sessions[0]!.otherParticipantCount).toBe(1);
    expect(response.body).not.toContain('Eino');
    expect(response.body).not.toContain('Korhonen');
  });

  it('should name every participant to the unit itself', async () => {
    const report = ResidentUsage.parse((await get(s.headers(s.unit), s.residentA)).json());
    expect(report.sessions[0]!.participants.map((p) => p.firstName)).toEqual(['Aino', 'Eino']);
    expect(report.sessions[0]!.otherParticipantCount).toBeUndefined();
  });

  it('should answer the unit and its administrator', async () => {
    for (const user of [s.unit, s.admin]) {
      const response = await get(s.headers(user), s.residentB);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().sessions).toHaveLength(1);
    }
  });

  it('should refuse another resident\'s relative and strangers, and not find unknown residents', async () => {
    const otherResident = await get(s.headers(s.relative), s.residentB);
    expect(otherResident.statusCode).toBe(403);
    expect(otherResident.json().error.kind).toBe('AccessDenied');
    expect((await get(s.headers(s.other), s.residentA)).statusCode).toBe(403);
    const unknown = await get(s.headers(s.unit), 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.kind).toBe('NotFound');
    const bad = await s.t.app.inject({ method: 'GET', url: '/api/resident-usage/abc/2026-01-14/2026-01-20', headers: s.headers(s.unit) });
    expect(bad.statusCode).toBe(400);
  });
});
