/**
 * Reads what matters about a WebP file from its RIFF chunks (container spec:
 * https://developers.google.com/speed/webp/docs/riff_container): canvas size, whether it is animated, the loop
 * count and each frame's duration. Enough to check the demo budgets without decoding pixels.
 */

export interface WebpInfo {
  width: number;
  height: number;
  animated: boolean;
  /** 0 = loop forever. Undefined for a still image. */
  loopCount: number | undefined;
  /** One entry per frame, in milliseconds (a still image has one frame of 0 ms). */
  frameDurations: number[];
}

const u24 = (b: Uint8Array, o: number): number => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8) | ((b[o + 2] ?? 0) << 16);
const u16 = (b: Uint8Array, o: number): number => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, o: number): number => (u16(b, o) | (u16(b, o + 2) << 16)) >>> 0;
const fourcc = (b: Uint8Array, o: number): string => String.fromCharCode(...b.subarray(o, o + 4));

/** Size of a bare VP8 (lossy) or VP8L (lossless) bitstream, for still images. */
function bitstreamSize(tag: string, data: Uint8Array): { width: number; height: number } {
  if (tag === 'VP8 ') {
    if (data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) throw new Error('VP8 start code missing');
    return { width: u16(data, 6) & 0x3fff, height: u16(data, 8) & 0x3fff };
  }
  if (data[0] !== 0x2f) throw new Error('VP8L signature missing');
  const bits = u32(data, 1);
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

export function parseWebp(bytes: Uint8Array): WebpInfo {
  if (bytes.length < 20 || fourcc(bytes, 0) !== 'RIFF' || fourcc(bytes, 8) !== 'WEBP') {
    throw new Error('not a RIFF/WEBP file');
  }
  const riffEnd = 8 + u32(bytes, 4);
  if (riffEnd > bytes.length) throw new Error(`truncated: RIFF says ${riffEnd} bytes, file has ${bytes.length}`);

  let canvas: { width: number; height: number } | undefined;
  let animatedFlag = false;
  let loopCount: number | undefined;
  const frameDurations: number[] = [];

  for (let o = 12; o + 8 <= riffEnd;) {
    const tag = fourcc(bytes, o);
    const size = u32(bytes, o + 4);
    const data = bytes.subarray(o + 8, o + 8 + size);
    if (data.length < size) throw new Error(`chunk ${tag} is truncated`);
    if (tag === 'VP8X') {
      animatedFlag = ((data[0] ?? 0) & 0x02) !== 0;
      canvas = { width: u24(data, 4) + 1, height: u24(data, 7) + 1 };
    } else if (tag === 'ANIM') {
      loopCount = u16(data, 4);
    } else if (tag === 'ANMF') {
      frameDurations.push(u24(data, 12));
    } else if ((tag === 'VP8 ' || tag === 'VP8L') && !canvas) {
      canvas = bitstreamSize(tag, data);
    }
    o += 8 + size + (size % 2); // chunks are padded to an even size
  }

  if (!canvas) throw new Error('no VP8X, VP8 or VP8L chunk');
  const animated = animatedFlag && frameDurations.length > 0;
  return {
    ...canvas,
    animated,
    loopCount: animated ? (loopCount ?? 0) : undefined,
    frameDurations: animated ? frameDurations : [0],
  };
}
