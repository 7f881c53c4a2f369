import type { TFunction } from 'i18next';
import type { Conversation } from '../../../../schemas/api/message-replies.ts';

/** A reply's title reads "Reply to: {title}"; a message without one "No title" (spec 2 section 2). */
export function conversationTitle(c: Pick<Conversation, 'title' | 'replyToMessageId'>, t: TFunction): string {
  const title = c.title.trim() === '' ? t('No title') : c.title;
  return c.replyToMessageId === null ? title : `${t('Reply to: ')}${title}`;
}
