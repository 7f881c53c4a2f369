import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { paths } from '../../../routes/paths.ts';
import { postMessage } from '../api/create-message.ts';
import { newRequestId } from '../new-request-id.ts';

/**
 * "Create New Message" (spec 2 section 2): a new draft with the config's default title and the
 * user's default recipients, then its page. One request id per click, so a retried post is one
 * message; a failure is only logged (spec 2 section 8).
 */
export function CreateMessageButton({ user, testId }: { user: CurrentUser; testId: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      const message = await postMessage({
        title: user.config.defaultMessageTitle?.trim() || t('New message'),
        recipients: (user.defaultMessageRecipients ?? []).map((r) => ({ id: r.dstUserId })),
        requestId: newRequestId(),
      });
      navigate(paths.message.href(message.id));
    } catch (error) {
      console.warn('Message creation failed', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button-primary" disabled={busy} onClick={() => void create()} data-testid={testId}>
      {t('Create New Message')}
    </button>
  );
}
