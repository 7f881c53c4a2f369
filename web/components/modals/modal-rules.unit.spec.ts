import { describe, expect, it } from 'vitest';
import { bigImageMaxHeight, fileViewKind, iframeHeight, numberProp, stringProp, vimeoEmbedUrl } from './modal-rules.ts';

describe('content modal rules', () => {
  it('should hold the big image to the window height minus 150 only under 768 px', () => {
    expect(bigImageMaxHeight(600)).toBe(450);
    expect(bigImageMaxHeight(767)).toBe(617);
    expect(bigImageMaxHeight(768)).toBeNull();
    expect(bigImageMaxHeight(1024)).toBeNull();
    expect(bigImageMaxHeight(100)).toBe(0);
  });

  it('should give an iframe 600 px unless a taller height is asked', () => {
    expect(iframeHeight(undefined)).toBe(600);
    expect(iframeHeight(300)).toBe(600);
    expect(iframeHeight('900')).toBe(900);
    expect(iframeHeight('tall')).toBe(600);
    expect(iframeHeight(800.4)).toBe(800);
  });

  it.each([
    [{ contentType: 'image/png' }, 'image'],
    [{ contentType: 'video/mp4' }, 'video'],
    [{ contentType: null, fileName: 'clip.MP4' }, 'video'],
    [{ contentType: 'video/quicktime' }, 'download'],
    [{ contentType: 'audio/mpeg' }, 'audio'],
    [{ contentType: 'application/pdf' }, 'download'],
    [{ contentType: 'image/png', vimeoLink: 'https://vimeo.com/76979871' }, 'vimeo'],
    [{ vimeoLink: 'https://example.com/76979871' }, 'download'],
  ] as const)('should show %j as %s', (file, kind) => {
    expect(fileViewKind(file)).toBe(kind);
  });

  it('should build the vimeo player address from a link or an id, and refuse other hosts', () => {
    expect(vimeoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(vimeoEmbedUrl('vimeo.com/76979871/abc123')).toBe('https://player.vimeo.com/video/76979871?h=abc123');
    expect(vimeoEmbedUrl('https://player.vimeo.com/video/42?autoplay=1')).toBe('https://player.vimeo.com/video/42');
    expect(vimeoEmbedUrl(' 42 ')).toBe('https://player.vimeo.com/video/42');
    expect(vimeoEmbedUrl('https://evil.example/vimeo.com/42')).toBeNull();
    expect(vimeoEmbedUrl('javascript:alert(1)')).toBeNull();
    expect(vimeoEmbedUrl(null)).toBeNull();
  });

  it('should read only well-formed modal props', () => {
    expect(numberProp(5)).toBe(5);
    expect(numberProp('5')).toBeNull();
    expect(numberProp(0)).toBeNull();
    expect(stringProp('x')).toBe('x');
    expect(stringProp('  ')).toBeNull();
    expect(stringProp(3)).toBeNull();
  });
});
