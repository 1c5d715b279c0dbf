/**
 * Voice memo submissions as the page sends them (multipart), for the server tests and `npm run bench:intake`, and
 * minimal but valid memo files built byte by byte (WebM, MP4, Ogg), with the parts a test changes to make a
 * video or junk of them. Real recordings from Chromium's MediaRecorder are in `memo-fixtures/`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { oggPageCrc } from '../../src/server/intake/audio-container';

// ── WebM ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** An EBML element: its id's bytes as written, an 8-byte size (or the unknown size MediaRecorder writes), the payload. */
export function ebmlElement(
  id: number,
  payload: Uint8Array | Uint8Array[] = [],
  options: { unknownSize?: boolean } = {},
): Buffer {
  const data = Buffer.concat(Array.isArray(payload) ? payload : [payload]);
  const idBytes = Buffer.from(
    id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'),
    'hex',
  );
  const size = Buffer.alloc(8);
  if (options.unknownSize) size.fill(0xff);
  else size.writeBigUInt64BE(BigInt(data.length));
  size[0] = 0x01; // an 8-byte variable-length integer
  return Buffer.concat([idBytes, size, options.unknownSize ? Buffer.alloc(0) : data]);
}

const uintElement = (id: number, value: number) => ebmlElement(id, Buffer.from([value]));
const textElement = (id: number, value: string) => ebmlElement(id, Buffer.from(value, 'latin1'));

export interface WebmTrack {
  number: number;
  /** 1 video, 2 audio. */
  type: number;
  codec: string;
}

export const OPUS_TRACK: WebmTrack = { number: 1, type: 2, codec: 'A_OPUS' };
export const VP8_TRACK: WebmTrack = { number: 2, type: 1, codec: 'V_VP8' };

/** The EBML header, a Segment of unknown size with Info and Tracks: what MediaRecorder writes before the first Cluster. */
export function webmHead(tracks: WebmTrack[] = [OPUS_TRACK], docType = 'webm'): Buffer {
  const header = ebmlElement(0x1a45dfa3, [
    uintElement(0x4286, 1),
    textElement(0x4282, docType),
    uintElement(0x4287, 4),
    uintElement(0x4285, 2),
  ]);
  const info = ebmlElement(0x1549a966, [
    ebmlElement(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40])),
    textElement(0x4d80, 'test'),
  ]);
  const entries = tracks.map((track) =>
    ebmlElement(0xae, [
      uintElement(0xd7, track.number),
      uintElement(0x83, track.type),
      textElement(0x86, track.codec),
      ...(track.type === 1
        ? [ebmlElement(0xe0, [uintElement(0xb0, 64), uintElement(0xba, 48)])]
        : [ebmlElement(0xe1, [uintElement(0x9f, 1)])]),
    ]),
  );
  return Buffer.concat([
    header,
    ebmlElement(0x18538067, [], { unknownSize: true }),
    info,
    ebmlElement(0x1654ae6b, entries),
  ]);
}

/** A SimpleBlock of `track`: track number, relative timestamp, flags, then `frame`. */
export const simpleBlock = (track: number, frame: Uint8Array) =>
  ebmlElement(0xa3, [Buffer.from([0x80 | track, 0, 0, 0x80]), frame]);

/** A Cluster of unknown size (as MediaRecorder writes it) opening with its Timestamp. */
export const clusterStart = () =>
  Buffer.concat([ebmlElement(0x1f43b675, [], { unknownSize: true }), uintElement(0xe7, 0)]);

/** A valid audio-only WebM memo (one Opus track) of exactly `size` bytes (at least 200): blocks of filler frames. */
export function webmBytes(size: number): Buffer {
  const parts = [webmHead(), clusterStart()];
  let remaining = size - parts.reduce((sum, part) => sum + part.length, 0);
  const overhead = simpleBlock(1, Buffer.alloc(0)).length;
  while (remaining > 0) {
    let take = Math.min(remaining, 64 * 1024);
    if (remaining - take > 0 && remaining - take < overhead) take = remaining - overhead;
    parts.push(simpleBlock(1, Buffer.alloc(take - overhead, 0x42)));
    remaining -= take;
  }
  return Buffer.concat(parts);
}

// ── MP4 ──────────────────────────────────────────────────────────────────────────────────────────────────────────

export function mp4Box(type: string, ...payload: Uint8Array[]): Buffer {
  const data = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + data.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, data]);
}

/** A track whose media handler is `handler` (`soun`, `vide`): trak/mdia/hdlr, the parts the check reads. */
function mp4Track(handler: string): Buffer {
  const hdlr = mp4Box(
    'hdlr',
    Buffer.alloc(8),
    Buffer.from(handler, 'latin1'),
    Buffer.alloc(12),
    Buffer.from('Handler\0', 'latin1'),
  );
  return mp4Box('trak', mp4Box('tkhd', Buffer.alloc(84)), mp4Box('mdia', mp4Box('mdhd', Buffer.alloc(24)), hdlr));
}

/** An MP4 memo: ftyp, moov with one track per handler, then media; `fragmented` as Safari's MediaRecorder writes it. */
export function mp4Memo(options: { handlers?: string[]; brand?: string; fragmented?: boolean } = {}): Buffer {
  const { handlers = ['soun'], brand = 'M4A ', fragmented = false } = options;
  const ftyp = mp4Box('ftyp', Buffer.from(`${brand}\0\0\0\0isomM4A `, 'latin1'));
  const moov = mp4Box(
    'moov',
    mp4Box('mvhd', Buffer.alloc(100)),
    ...handlers.map(mp4Track),
    ...(fragmented ? [mp4Box('mvex', mp4Box('trex', Buffer.alloc(24)))] : []),
  );
  const media = mp4Box('mdat', Buffer.alloc(800, 0x21));
  if (!fragmented) return Buffer.concat([ftyp, moov, media]);
  const fragment = () =>
    Buffer.concat([
      mp4Box('moof', mp4Box('mfhd', Buffer.alloc(8)), mp4Box('traf', mp4Box('tfhd', Buffer.alloc(8)))),
      media,
    ]);
  return Buffer.concat([ftyp, moov, fragment(), fragment()]);
}

// ── Ogg ──────────────────────────────────────────────────────────────────────────────────────────────────────────

export const OPUS_HEAD = Buffer.concat([
  Buffer.from('OpusHead', 'latin1'),
  Buffer.from([1, 1, 0x38, 1, 0x80, 0xbb, 0, 0, 0, 0, 0]),
]);

/** One Ogg page holding `packet` (under 255 × 255 bytes), its CRC computed. */
export function oggPage(
  packet: Uint8Array,
  options: { first?: boolean; serial?: number; sequence?: number } = {},
): Buffer {
  const lacing: number[] = [];
  for (let left = packet.length; ; left -= 255) {
    lacing.push(Math.min(left, 255));
    if (left < 255) break;
  }
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header[5] = options.first ? 0x02 : 0;
  header.writeUInt32LE(options.serial ?? 0x1234, 14);
  header.writeUInt32LE(options.sequence ?? 0, 18);
  header[26] = lacing.length;
  const page = Buffer.concat([header, Buffer.from(lacing), packet]);
  page.writeUInt32LE(oggPageCrc(page), 22);
  return page;
}

/** An Ogg memo: the stream's first packet (OpusHead unless given), its tags, then audio pages. */
export function oggMemo(firstPacket: Uint8Array = OPUS_HEAD): Buffer {
  return Buffer.concat([
    oggPage(firstPacket, { first: true }),
    oggPage(Buffer.from('OpusTags\0\0\0\0\0\0\0\0', 'latin1'), { sequence: 1 }),
    oggPage(Buffer.alloc(600, 0x33), { sequence: 2 }),
  ]);
}

// ── Real recordings and the multipart body ──────────────────────────────────────────────────────────────────────

/** A recording made by Chromium's MediaRecorder (see memo-fixtures/README.md). */
export const memoFixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'memo-fixtures', name));

/** The multipart body the page sends: the fields and, when given, the memo file. */
export async function multipartBody(
  fields: Record<string, string>,
  memo?: { bytes: Buffer; type?: string; name?: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (memo)
    form.append(
      'memo',
      new Blob([new Uint8Array(memo.bytes)], { type: memo.type ?? 'audio/webm' }),
      memo.name ?? 'memo.webm',
    );
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}
