import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Message } from '../../../../schemas/api/messages.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { changeMessage, messageView } from '../stores/message-store.ts';

// The message's own switches, for its owner while it is unsent (spec 2 sections 3, 5 and 6):
// whether recipients may reply, whether it pops up for them whatever their messagePopup setting
// (forcePopup), and, only with canCreateRecommendations / canCreateUsageReportMessages, the
// recommendation (with "recipients may modify") and usage-report flags. The server checks the same.

type Flag = 'recipientCanReply' | 'forcePopup' | 'recommendation' | 'recipientCanModify' | 'usageReport';

export function MessageOptions({ message, user }: { message: Message; user: CurrentUser }) {
  const { t } = useTranslation();
  const { busy } = useSnapshot(messageView);
  const flags: { flag: Flag; label: string; shown: boolean }[] = [
    { flag: 'recipientCanReply', label: t('Recipients can reply'), shown: true },
    { flag: 'forcePopup', label: t('Show to recipients as a popup'), shown: true },
    { flag: 'recommendation', label: t('Recommendation'), shown: user.config.canCreateRecommendations },
    { flag: 'recipientCanModify', label: t('Recipients can modify the recommendation'), shown: user.config.canCreateRecommendations && message.recommendation },
    { flag: 'usageReport', label: t('Usage report message'), shown: user.config.canCreateUsageReportMessages },
  ];
  return (
    <fieldset className="message-options" data-testid="message-options">
      <legend>{t('Message options')}</legend>
      {flags
        .filter((f) => f.shown)
        .map(({ flag, label }) => (
          <label key={flag}>
            <input type="checkbox" checked={message[flag]} disabled={busy} onChange={(e) => void changeMessage({ [flag]: e.target.checked })} data-testid={`message-option-${flag}`} />
            {label}
          </label>
        ))}
    </fieldset>
  );
}
