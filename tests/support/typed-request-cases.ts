import { describe, expect, it } from 'vitest';
import type { TestApp } from './build-test-app.ts';

// The checks every back-office typed request gets (spec 3 section 7; issue 18 item 2), from a
// table of cases: the operator's change is made with audit rows naming the request; anyone else is
// AccessDenied (Unauthorized without a session); an id that names no row and bad input are a
// ValidationError naming `body.<field>`; a refused request writes nothing (no row, no audit row).

export interface Valid {
  payload: Record<string, unknown>;
  /** Checks the answer and the rows after the operator's request. */
  check(answer: unknown): Promise<void>;
}

export interface TypedRequestCase {
  type: string;
  /** The table whose audit rows the change writes. */
  audited: string;
  valid(): Promise<Valid>;
  /** A request whose `field` names a row that does not exist. */
  missing(): Promise<{ payload: Record<string, unknown>; field: string }>;
}

/** An id no test row reaches. */
export const absent = 2_000_000_000;

export interface TypedRequestContext {
  t: TestApp;
  operator: { id: number; cookie: string };
  caregiver: { cookie: string };
}

export const sendTypedRequest = (t: TestApp, cookie: string | null, type: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/requests/${type}`, payload: payload as object, headers: cookie ? { cookie } : {} });

const auditCount = async (t: TestApp) => Number((await t.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM logging'))[0]!.n);

/** `context` is read when the tests run (it is filled in by beforeAll). */
export function describeTypedRequestCases(context: () => TypedRequestContext, cases: TypedRequestCase[]): void {
  describe.each(cases)('$type', (c) => {
    it('does what it says for a service operator, with audit rows naming the request', async () => {
      const { t, operator } = context();
      const { payload, check } = await c.valid();
      const before = await auditCount(t);
      const response = await sendTypedRequest(t, operator.cookie, c.type, payload);
      expect(response.statusCode, response.body).toBe(200);
      await check(response.json());
      const audits = await t.sql.query<{ table: string; user_id: number }>('SELECT "table", user_id FROM logging WHERE query = $1 AND id > (SELECT max(id) FROM logging) - 50', [c.type]);
      expect(await auditCount(t)).toBeGreaterThan(before);
      expect(audits.some((a) => a.table === c.audited && Number(a.user_id) === operator.id)).toBe(true);
    });

    it('is AccessDenied for anyone else (Unauthorized without a session), and writes nothing', async () => {
      const { t, caregiver } = context();
      const { payload } = await c.valid();
      const before = await auditCount(t);
      const user = await sendTypedRequest(t, caregiver.cookie, c.type, payload);
      expect(user.statusCode, user.body).toBe(403);
      expect(user.json()).toMatchObject({ error: { kind: 'AccessDenied' } });
      expect((await sendTypedRequest(t, null, c.type, payload)).statusCode).toBe(401);
      expect(await auditCount(t)).toBe(before);
    });

    it('refuses an id that names no row, naming the field, and writes nothing', async () => {
      const { t, operator } = context();
      const { payload, field } = await c.missing();
      const before = await auditCount(t);
      const response = await sendTypedRequest(t, operator.cookie, c.type, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: { kind: 'ValidationError', details: [{ path: `body.${field}` }] } });
      expect(await auditCount(t)).toBe(before);
    });

    it('refuses unknown fields and values of the wrong type, naming them, and writes nothing', async () => {
      const { t, operator } = context();
      const { payload } = await c.valid();
      const before = await auditCount(t);
      const unknown = await sendTypedRequest(t, operator.cookie, c.type, { ...payload, dropTable: true });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ error: { kind: 'ValidationError', details: [{ path: 'body.dropTable' }] } });
      const [first] = Object.keys(payload);
      const wrong = await sendTypedRequest(t, operator.cookie, c.type, { ...payload, [first!]: 'x' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ error: { kind: 'ValidationError', details: [{ path: `body.${first}` }] } });
      expect(await auditCount(t)).toBe(before);
    });
  });
}
