import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { currentEventsFileName, currentEventsSvg, writeCurrentEventsImages } from './current-events-images.ts';

describe('current events month images', () => {
  it('should write a JPEG for each of the four languages and twelve months', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'current-events-'));
    try {
      expect(await writeCurrentEventsImages(folder)).toBe(48);
      const names = fs.readdirSync(folder).sort();
      expect(names).toHaveLength(48);
      expect(names).toContain('current-events-swe2-12.jpg');
      expect(names).toContain(currentEventsFileName('fin', 3));
      const meta = await sharp(path.join(folder, 'current-events-fin-03.jpg')).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 240 });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("should name the month in the image's language", () => {
    expect(currentEventsSvg('fin', 11)).toContain('Marraskuu');
    expect(currentEventsSvg('eng', 11)).toContain('November');
    expect(currentEventsSvg('swe', 6)).toContain('Juni');
  });
});
