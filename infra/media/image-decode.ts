import sharp from 'sharp';

// Whether a sniffed picture really is one (issue 37 item 8): the sniff reads only the first bytes,
// so a PNG cut short or with corrupt pixel data passed it and every thumbnail of it failed. sharp
// decodes every pixel (and every frame of an animated GIF or WebP) with `failOn: 'error'`, which
// refuses truncated and corrupt data but not the mere warnings many cameras' files carry, within
// sharp's own pixel limit (about 268 megapixels), so a decompression bomb is refused too.

/** The sharp format of each accepted image type (schemas/api/upload-limits.ts). */
const formats: Readonly<Record<string, string>> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' };

/** True when the image (a local file's path, or its bytes) decodes whole as the sniffed type. */
export async function decodesAsImage(media: string | Uint8Array, contentType: string): Promise<boolean> {
  try {
    const image = sharp(media, { failOn: 'error', animated: true });
    const { format } = await image.metadata();
    if (format !== formats[contentType]) return false;
    await image.stats();
    return true;
  } catch {
    return false;
  }
}
