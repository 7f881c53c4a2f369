import type { FastifyReply, FastifyRequest } from 'fastify';
import { availableParallelism } from 'node:os';
import { DateTime } from 'luxon';
import { Piscina } from 'piscina';
import { AppError, accessDenied, notFound } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import { effectiveConfig } from '../../infra/users/user-repository.ts';
import type { UsageXlsxQuery } from '../../schemas/api/usage-xlsx.ts';
import { xlsxContentType } from '../../schemas/api/usage-xlsx.ts';
import { authorizeUserReport, currentUsageWarehouse, reportPeriod, type ReportPeriod, type ReportUser, type UsageWarehouse } from './report-scope.ts';

// What both spreadsheet downloads share: authorisation and period (as the JSON reports, with the
// query's field names), the resident check, display formats of spec 3 section 9, and the answer.

export interface XlsxScope {
  user: ReportUser;
  period: ReportPeriod;
  source: UsageWarehouse;
  resident: { id: number; name: string } | null;
  /** The viewer looks at their own data: resident identifications may be shown (spec 3 section 2). */
  ownData: boolean;
}

export async function xlsxScope(request: FastifyRequest, query: UsageXlsxQuery): Promise<XlsxScope> {
  const { deps } = request.server;
  await requireExcelDownload(request);
  const user = await authorizeUserReport(request, query.userId);
  const period = reportPeriod(query.firstDay, query.lastDay, user.timeZone, deps.now(), { first: 'querystring.firstDay', last: 'querystring.lastDay' });
  let resident: XlsxScope['resident'] = null;
  if (query.residentId !== undefined) {
    const [row] = await deps.sql.query<{ id: number; first_name: string; last_name: string }>(
      'SELECT id, first_name, last_name FROM residents WHERE id = $1 AND user_id = $2',
      [query.residentId, query.userId],
    );
    // Another unit's resident is as unknown here as a missing one: its name must not leak.
    if (!row) throw notFound('No such resident in this unit');
    resident = { id: Number(row.id), name: `${row.first_name} ${row.last_name}`.trim() };
  }
  return { user, period, source: await currentUsageWarehouse(deps), resident, ownData: request.auth?.userId === query.userId };
}

/**
 * Spec 3 section 2: the 'Download Report' button shows only with showExcelDownloadButtonInReport.
 * The flag belongs to the viewer (an administrator downloading a unit's report uses their own), and
 * is checked before the report user, so a refused caller learns nothing about other user ids.
 */
async function requireExcelDownload(request: FastifyRequest): Promise<void> {
  const session = requireUser(request);
  const [row] = await request.server.deps.sql.query<{ config: unknown }>('SELECT config FROM users WHERE id = $1', [session.userId]);
  if (!row || !effectiveConfig(row.config, false).showExcelDownloadButtonInReport) throw accessDenied();
}

/** Durations HH:mm:ss (spec 3 section 9); more than a day keeps counting hours. */
export function hms(seconds: number): string {
  const total = Math.round(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** Local date D.M.YYYY and time H:mm:ss of an instant in the user's zone. */
export const localDate = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toFormat('d.M.yyyy');
export const localTime = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toFormat('H:mm:ss');
export const dayText = (day: string) => DateTime.fromISO(day, { zone: 'UTC' }).toFormat('d.M.yyyy');

type Cell = string | number | undefined;

/** A workbook as plain rows, built into a file off the event loop by sendWorkbook. */
export interface WorkbookSpec {
  sheets: { name: string; columns: (readonly [header: string, width: number])[]; rows: Cell[][] }[];
}

export function newWorkbook(): WorkbookSpec {
  return { sheets: [] };
}

/** A sheet with a bold, frozen header row and the given column widths. */
export function addTable(workbook: WorkbookSpec, name: string, columns: readonly (readonly [header: string, width: number])[]) {
  const rows: Cell[][] = [];
  workbook.sheets.push({ name, columns: [...columns], rows });
  return {
    addRow: (row: Cell[]) => void rows.push(row),
    addRows: (more: Cell[][]) => void rows.push(...more),
  };
}

/**
 * Spreadsheets are built in worker threads, so a large one does not stop the server: one thread
 * per core but one (the event loop keeps a core), a short queue, and at most two exports of one
 * user at a time. Beyond that the answer is 429 with Retry-After: the report is there, the file
 * comes a moment later.
 */
const workbookPool = new Piscina<WorkbookSpec, Buffer>({
  filename: new URL('./build-workbook.worker.mjs', import.meta.url).href,
  maxThreads: Math.max(1, availableParallelism() - 1),
  minThreads: 0,
  idleTimeout: 30_000,
  maxQueue: 8,
});
const EXPORTS_PER_USER = 2;
const RETRY_AFTER_SECONDS = 5;
const exportsOf = new Map<number, number>();

function busy(reply: FastifyReply, message: string): AppError {
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return new AppError('TooManyRequests', message, { retryAfterSeconds: RETRY_AFTER_SECONDS });
}

/**
 * Answers with the spreadsheet `make` describes. The user's slot is taken before `make` reads the
 * figures, as reading them is part of an export's cost.
 */
export async function sendWorkbook(request: FastifyRequest, reply: FastifyReply, make: () => Promise<{ workbook: WorkbookSpec; fileName: string }>): Promise<FastifyReply> {
  const { userId } = requireUser(request);
  const running = exportsOf.get(userId) ?? 0;
  if (running >= EXPORTS_PER_USER) throw busy(reply, 'Your earlier spreadsheets are still being made');
  if (workbookPool.queueSize >= workbookPool.options.maxQueue) throw busy(reply, 'Spreadsheets are being made for others: try again in a moment');
  exportsOf.set(userId, running + 1);
  let file: { buffer: Buffer; fileName: string };
  try {
    const { workbook, fileName } = await make();
    file = { buffer: Buffer.from(await workbookPool.run(workbook)), fileName };
  } finally {
    const left = (exportsOf.get(userId) ?? 1) - 1;
    if (left > 0) exportsOf.set(userId, left);
    else exportsOf.delete(userId);
  }
  // User names may hold anything; the file name keeps to characters every browser and OS accepts.
  const safe = file.fileName.replace(/[^A-Za-z0-9._-]+/g, '_');
  return reply
    .header('content-type', xlsxContentType)
    .header('content-disposition', `attachment; filename="${safe}"`)
    .send(file.buffer);
}
