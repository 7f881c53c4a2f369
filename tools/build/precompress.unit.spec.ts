import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressFolder } from './precompress.ts';

describe('precompressed build files', () => {
  it('should write .gz and .br copies that unpack to the original, for scripts in subfolders too, and skip tiny and binary files', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    try {
      const script = Buffer.from('export const greeting = "hei";\n'.repeat(200));
      fs.mkdirSync(path.join(folder, 'assets'));
      fs.writeFileSync(path.join(folder, 'assets', 'app.js'), script);
      fs.writeFileSync(path.join(folder, 'tiny.css'), 'a{}');
      fs.writeFileSync(path.join(folder, 'photo.jpg'), Buffer.alloc(5000, 1));
      expect(await precompressFolder(folder)).toBe(1);
      const gz = fs.readFileSync(path.join(folder, 'assets', 'app.js.gz'));
      const br = fs.readFileSync(path.join(folder, 'assets', 'app.js.br'));
      expect(zlib.gunzipSync(gz).equals(script)).toBe(true);
      expect(zlib.brotliDecompressSync(br).equals(script)).toBe(true);
      expect(gz.length).toBeLessThan(script.length / 10);
      expect(fs.existsSync(path.join(folder, 'tiny.css.gz'))).toBe(false);
      expect(fs.existsSync(path.join(folder, 'photo.jpg.gz'))).toBe(false);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
