import { TZDate } from '@date-fns/tz';
import type { Message, MessageItem } from '../../../../schemas/api/messages.ts';
import { addDays, knownTimeZone } from '../../../lib/format.ts';

// Pure pieces of the 'Messages for report' section (spec 3 section 2): the instants a report
// period covers, which item text keys and links are shown.

/**
 * The instants of a report period: the first day's midnight up to the midnight after the last
 * day (the spec ends a usage-report message period at the last day plus one), in the zone, each
 * with its own offset. TZDate (@date-fns/tz, on the platform's Intl) finds a zone's midnight.
 */
export function messagePeriod(firstDay: string, lastDay: string, timeZone: string): { startTime: string; endTime: string } {
  const zone = knownTimeZone(timeZone);
  const midnight = (day: string) => {
    const [year, month, date] = day.split('-').map(Number);
    // TZDate prints milliseconds; the API's instants here are whole seconds.
    return new TZDate(year!, month! - 1, date!, zone).toISOString().replace(/\.000(?=[+-]|Z)/, '');
  };
  return { startTime: midnight(firstDay), endTime: midnight(addDays(lastDay, 1)) };
}

/** When a message is shown as dated: its active-from time, else when it was sent. */
export function messageTime(message: Pick<Message, 'time' | 'sentTime'>): string | null {
  return message.time ?? message.sentTime;
}

/** Items by their message, in the order the API gives them (by message, then item order). */
export function itemsByMessage(items: readonly MessageItem[]): Map<number, MessageItem[]> {
  const out = new Map<number, MessageItem[]>();
  for (const item of items) {
    const list = out.get(item.messageId);
    if (list) list.push(item);
    else out.set(item.messageId, [item]);
  }
  return out;
}

/** A link item's address when it is a web or mail address (as the server accepts); anything else (javascript:, data:...) is not linked. */
export function webLink(url: string | null): string | null {
  if (!url) return null;
  try {
    const protocol = new URL(url).protocol;
    return protocol === 'http:' || protocol === 'https:' || protocol === 'mailto:' ? url : null;
  } catch {
    return null;
  }
}

/** The text key naming an item type; text items show their text instead. */
export const itemTypeKeys: Record<Exclude<MessageItem['type'], 'InlineHTML' | 'InlineHTMLTrack'>, string> = {
  Image: 'Image',
  AudioFile: 'Audio file',
  IFrame: 'Embedded web page',
  FavoriteList: 'Favorite list',
  Recipe: 'Recipe',
  MediaFile: 'Media file',
  Link: 'Link',
  Question: 'Question',
};
