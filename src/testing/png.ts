// Reads a PNG as the share-image tests need: checks the signature and every chunk's CRC,
// takes the size from IHDR and inflates the image data, whose length must be what IHDR
// promises (one filter byte and width × channels bytes per row), so a truncated or
// malformed file fails. Decoding the pixels themselves is resvg's business, not ours.
import { inflateSync } from "node:zlib";

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export type PngInfo = { width: number; height: number; bitDepth: number; colorType: number; chunks: string[]; pixelBytes: number };

export function readPng(bytes: Uint8Array): PngInfo {
  if (!SIGNATURE.every((b, i) => bytes[i] === b)) throw new Error("not a PNG: bad signature");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: string[] = [];
  const idat: Uint8Array[] = [];
  let header: Omit<PngInfo, "chunks" | "pixelBytes"> | null = null;
  for (let at = 8; at < bytes.length;) {
    const length = view.getUint32(at);
    const type = new TextDecoder().decode(bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) throw new Error(`bad CRC in ${type}`);
    chunks.push(type);
    if (type === "IHDR") header = { width: view.getUint32(at + 8), height: view.getUint32(at + 12), bitDepth: data[8]!, colorType: data[9]! };
    if (type === "IDAT") idat.push(data);
    at += 12 + length;
    if (type === "IEND") break;
  }
  if (!header || chunks[0] !== "IHDR" || chunks.at(-1) !== "IEND") throw new Error("not a PNG: IHDR first and IEND last");
  const pixels = inflateSync(Buffer.concat(idat));
  const rowBytes = Math.ceil((header.width * CHANNELS[header.colorType]! * header.bitDepth) / 8);
  if (pixels.length !== header.height * (1 + rowBytes)) throw new Error(`image data of ${pixels.length} bytes for ${header.width}×${header.height}`);
  return { ...header, chunks, pixelBytes: pixels.length };
}
