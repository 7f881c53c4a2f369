import { describe, expect, it } from 'vitest';
import { defaultUsageRules } from '../../../schemas/events/usage-rules.ts';
import { mergeLines, parseMergeLines } from './content-type-merge.ts';

describe('content type merge text', () => {
  it('should read back what it writes, names with spaces included', () => {
    const text = mergeLines(defaultUsageRules.contentTypeMerge);
    expect(text).toContain('Sing Along = SingAlong');
    expect(parseMergeLines(text)).toEqual(defaultUsageRules.contentTypeMerge);
  });

  it('should skip blank lines and trim around the names', () => {
    expect(parseMergeLines('\n  Video=Theme  \n\n')).toEqual({ Video: 'Theme' });
    expect(parseMergeLines('')).toEqual({});
  });

  it('should refuse a line without both sides', () => {
    expect(parseMergeLines('Video Theme')).toBeNull();
    expect(parseMergeLines('Video =')).toBeNull();
    expect(parseMergeLines('= Theme')).toBeNull();
  });
});
