// PNG bytes for an opaque image, smaller than resvg's own encoder makes them: RGB without the
// alpha channel (a card is opaque), no row filter, and libdeflate at level 9 (Bun's built-in
// deflate). On the cards with the games' gradient art that is 45 % smaller than resvg's
// asPng() (238 KB -> 131 KB for the largest), in about 35 ms (docs/decisions/36-share-images.md).

const SIGNATURE = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, Bun.hash.crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A zlib stream (RFC 1950) around libdeflate's raw deflate: header, data, Adler-32 of the input. */
function zlib(data: Uint8Array<ArrayBuffer>): Uint8Array {
  const raw = Bun.deflateSync(data, { level: 9, library: "libdeflate" });
  const out = new Uint8Array(2 + raw.length + 4);
  out.set([0x78, 0xda], 0);
  out.set(raw, 2);
  new DataView(out.buffer).setUint32(2 + raw.length, Bun.hash.adler32(data));
  return out;
}

/** Encodes RGBA pixels (alpha ignored: the image must be opaque) as an 8-bit RGB PNG. */
export function encodeOpaquePng(rgba: Uint8Array, width: number, height: number): Uint8Array<ArrayBuffer> {
  const rows = new Uint8Array(height * (1 + width * 3));
  for (let y = 0, o = 0, i = 0; y < height; y++) {
    rows[o++] = 0; // filter type None: on these images it deflates best of the five
    for (let x = 0; x < width; x++, i += 4) {
      rows[o++] = rgba[i]!;
      rows[o++] = rgba[i + 1]!;
      rows[o++] = rgba[i + 2]!;
    }
  }
  const header = new Uint8Array(13);
  const h = new DataView(header.buffer);
  h.setUint32(0, width);
  h.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, adaptive filtering, no interlace
  const parts = [SIGNATURE, chunk("IHDR", header), chunk("IDAT", zlib(rows)), chunk("IEND", new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
