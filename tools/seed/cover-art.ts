import zlib from 'node:zlib';

// Album covers for the demo library: 250 x 250 PNGs (the default thumbnail width, so a thumbnail
// can be served as is), drawn in code - a colour gradient, a record and a wave - nothing downloaded.

export const coverSize = 250;

export interface CoverColours {
  top: readonly [number, number, number];
  bottom: readonly [number, number, number];
}

export function renderCover({ top, bottom }: CoverColours, waves: number): Uint8Array {
  const size = coverSize;
  const rowBytes = 1 + size * 3;
  const raw = Buffer.alloc(rowBytes * size);
  const centre = size / 2;
  for (let y = 0; y < size; y++) {
    raw[y * rowBytes] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const mix = y / (size - 1);
      let rgb = [0, 1, 2].map((c) => top[c]! * (1 - mix) + bottom[c]! * mix);
      const r = Math.hypot(x - centre, y - centre * 0.9);
      if (r < 80) rgb = rgb.map((v) => v * 0.25 + (Math.floor(r / 4) % 2 === 0 ? 20 : 35)); // grooves of a record
      if (r < 26) rgb = rgb.map((v, c) => (c === 0 ? 240 : v * 0.3 + 150));
      if (r < 4) rgb = [20, 20, 20];
      const wave = 205 + 14 * Math.sin((x / size) * Math.PI * 2 * waves);
      if (Math.abs(y - wave) < 3) rgb = [250, 250, 245];
      const offset = y * rowBytes + 1 + x * 3;
      rgb.forEach((v, c) => (raw[offset + c] = Math.max(0, Math.min(255, Math.round(v)))));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}
