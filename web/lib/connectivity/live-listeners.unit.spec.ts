import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../../schemas/api/ping.ts';
import { addLiveListener, publishLiveMessage } from './live-listeners.ts';

describe('live listeners', () => {
  it('should hand each live message to the listeners until they stop', () => {
    const heard: LiveMessage['type'][] = [];
    const stop = addLiveListener((message) => heard.push(message.type));
    publishLiveMessage({ type: 'UnreadCountChanged' });
    stop();
    publishLiveMessage({ type: 'Pong' });
    expect(heard).toEqual(['UnreadCountChanged']);
  });
});
