import { describe, expect, it } from 'vitest';
import { maxUploadNameLength } from '../../schemas/api/uploads.ts';
import { uploadName } from './upload-files.ts';

describe('uploadName', () => {
  it.each([
    ['photo.png', 'photo.png'],
    ['C:\\Users\\aino\\Pictures\\garden.jpg', 'garden.jpg'],
    ['../../etc/passwd', 'passwd'],
    ['  Äiti ja mummo.jpg  ', 'Äiti ja mummo.jpg'],
    ['tab\there\u0007.pdf', 'tabhere.pdf'],
    ['', 'file0'],
    [undefined, 'file0'],
    ['..', 'file0'],
    ['folder/', 'file0'],
  ])('should make %j the plain file name %j', (sent, kept) => {
    expect(uploadName(sent, 'file0')).toBe(kept);
  });

  it('should cut a long name to the limit, keeping its extension and whole characters', () => {
    const name = uploadName(`${'ä'.repeat(400)}😀.jpeg`, 'file0');
    expect([...name].length).toBe(maxUploadNameLength);
    expect(name.endsWith('ä.jpeg')).toBe(true);
  });
});
