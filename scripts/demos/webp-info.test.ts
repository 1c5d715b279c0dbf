import { describe, expect, it } from 'vitest';
import { parseWebp } from './webp-info';

const le = (value: number, bytes: number): number[] =>
  Array.from({ length: bytes }, (_, i) => (value >>> (8 * i)) & 0xff);
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

function chunk(tag: string, data: number[]): number[] {
  return [...ascii(tag), ...le(data.length, 4), ...data, ...(data.length % 2 ? [0] : [])];
}

function riff(...chunks: number[][]): Uint8Array {
  const body = [...ascii('WEBP'), ...chunks.flat()];
  return Uint8Array.from([...ascii('RIFF'), ...le(body.length, 4), ...body]);
}

const vp8x = (flags: number, w: number, h: number) => chunk('VP8X', [flags, 0, 0, 0, ...le(w - 1, 3), ...le(h - 1, 3)]);
const anim = (loops: number) => chunk('ANIM', [255, 255, 255, 255, ...le(loops, 2)]);
/** An ANMF chunk: offsets, frame size, duration, flags, then a (tiny, odd-length) frame payload. */
const anmf = (ms: number) =>
  chunk('ANMF', [...le(0, 3), ...le(0, 3), ...le(9, 3), ...le(9, 3), ...le(ms, 3), 0, ...chunk('VP8L', [0x2f, 1, 2])]);

describe('parseWebp', () => {
  it('reads canvas size, loop count and every frame duration of an animation', () => {
    const info = parseWebp(riff(vp8x(0x02, 960, 600), anim(0), anmf(900), anmf(84), anmf(1500)));
    expect(info).toEqual({ width: 960, height: 600, animated: true, loopCount: 0, frameDurations: [900, 84, 1500] });
  });

  it('reports a finite loop count', () => {
    expect(parseWebp(riff(vp8x(0x02, 10, 10), anim(3), anmf(100), anmf(100))).loopCount).toBe(3);
  });

  it('reads the size of a still lossless image from its VP8L header', () => {
    // 14 bits width-1, then 14 bits height-1: 960×600.
    const bits = (960 - 1) | ((600 - 1) << 14);
    const info = parseWebp(riff(chunk('VP8L', [0x2f, ...le(bits, 4), 0])));
    expect(info).toEqual({ width: 960, height: 600, animated: false, loopCount: undefined, frameDurations: [0] });
  });

  it('reads the size of a still lossy image from its VP8 frame header', () => {
    const info = parseWebp(riff(chunk('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...le(960, 2), ...le(600, 2)])));
    expect(info).toMatchObject({ width: 960, height: 600, animated: false });
  });

  it('does not call an image animated when the flag is set but no frame follows', () => {
    expect(parseWebp(riff(vp8x(0x02, 10, 10), anim(0))).animated).toBe(false);
  });

  it('rejects files that are not WebP or are cut short', () => {
    expect(() => parseWebp(Uint8Array.from(ascii('GIF89a and some more bytes')))).toThrow(/not a RIFF\/WEBP/);
    const whole = riff(vp8x(0x02, 10, 10), anim(0), anmf(100));
    expect(() => parseWebp(whole.subarray(0, whole.length - 4))).toThrow(/truncated/);
  });
});
