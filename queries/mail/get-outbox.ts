import { OutboxList } from '../../schemas/api/invitations.ts';
import { requireOperator } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';

// GET /api/admin/outbox (issue 17 deliverable 4): on the embedded default, the mails written to
// DATA_DIR/outbox/ (newest first: to, subject, date, file name), for operators who hand a link on
// by hand. With SMTP configured the list is empty: the mail server keeps its own record.

export function getOutboxRoute(app: App): void {
  app.get('/api/admin/outbox', { schema: { response: { 200: OutboxList } } }, async (request) => {
    await requireOperator(request);
    const mailer = app.deps.mailer;
    return { mailer: mailer ? mailer.kind : ('none' as const), mails: mailer ? await mailer.list() : [] };
  });
}
