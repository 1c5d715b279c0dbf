/**
 * Whether a voice memo is what it says (decision 076): the whole file is walked as its container, and taken only
 * when it is audio with no video track. The first bytes alone (domain/voice-memo.ts `sniffAudioContainer`) would
 * take a video, or a signature followed by HTML or a program.
 * - WebM: an EBML header with DocType `webm`, then one Segment whose Tracks (before any Cluster, as MediaRecorder
 *   writes them) hold only audio tracks (TrackType 2, codec A_OPUS or A_VORBIS, no Video element), then Clusters
 *   of blocks of those tracks. Every element must be one a WebM Segment holds (no Attachments) and fit the file.
 * - MP4: `ftyp` (not a still image's brand) first, then top-level boxes that tile the file exactly; a `moov` whose
 *   every `trak` has the handler (`mdia/hdlr`) `soun`. Fragmented files (Safari's MediaRecorder: moov, then
 *   moof/mdat pairs) are walked the same way.
 * - Ogg: pages that tile the file, each with its CRC; every stream's first packet is `OpusHead` or `\x01vorbis`.
 * Less than a full parse (codec data inside blocks, mdat and pages is not decoded), but nothing that is not an audio
 * recording's container gets through. Runs in about a millisecond for a 2 MB memo (a few thousand elements).
 */
import { type AudioContainer, sniffAudioContainer } from '../../domain/voice-memo';

/** The container when `bytes` are an audio-only recording in it; else undefined. */
export function audioContainerOf(bytes: Uint8Array): AudioContainer | undefined {
  const container = sniffAudioContainer(bytes);
  if (container === 'webm' && isAudioWebm(bytes)) return 'webm';
  if (container === 'mp4' && isAudioMp4(bytes)) return 'mp4';
  if (container === 'ogg' && isAudioOgg(bytes)) return 'ogg';
  return undefined;
}

// ── WebM (Matroska's EBML) ───────────────────────────────────────────────────────────────────────────────────────

const EBML = 0x1a45dfa3;
const EBML_DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_NUMBER = 0xd7;
const TRACK_TYPE = 0x83;
const CODEC_ID = 0x86;
const VIDEO = 0xe0;
const CLUSTER = 0x1f43b675;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const AUDIO_TRACK_TYPE = 2;
const AUDIO_CODECS: readonly string[] = ['A_OPUS', 'A_VORBIS'];
/** What a WebM Segment holds besides Tracks and Clusters: SeekHead, Info, Cues, Chapters, Tags, Void, CRC-32. */
const SEGMENT_CHILDREN = new Set([0x114d9b74, 0x1549a966, 0x1c53bb6b, 0x1043a770, 0x1254c367, 0xec, 0xbf]);
/** What a Cluster holds: Timestamp, Position, PrevSize, SimpleBlock, BlockGroup, Void, CRC-32. */
const CLUSTER_CHILDREN = new Set([0xe7, 0xa7, 0xab, SIMPLE_BLOCK, BLOCK_GROUP, 0xec, 0xbf]);

interface Element {
  id: number;
  /** Where the element's data starts and ends; `end` is undefined for an unknown size (MediaRecorder's Segment and Clusters). */
  start: number;
  end: number | undefined;
}

/** A variable-length integer at `offset`: its value (marker bit removed unless `keepMarker`) and length; undefined when malformed. */
function vint(
  bytes: Uint8Array,
  offset: number,
  maxLength: number,
  keepMarker: boolean,
): { value: number; length: number; allOnes: boolean } | undefined {
  const first = bytes[offset];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23; // 1 for 0b1xxxxxxx … 8 for 0b00000001
  if (length > maxLength || offset + length > bytes.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[offset + i]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, allOnes };
}

function elementAt(bytes: Uint8Array, offset: number, limit: number): Element | undefined {
  const id = vint(bytes, offset, 4, true);
  if (!id) return undefined;
  const size = vint(bytes, offset + id.length, 8, false);
  if (!size) return undefined;
  const start = offset + id.length + size.length;
  if (size.allOnes) return { id: id.value, start, end: undefined };
  const end = start + size.value;
  return end <= limit ? { id: id.value, start, end } : undefined;
}

/** A short ASCII string element (a DocType or codec id); a long one is no audio file's and reads as ''. */
const text = (bytes: Uint8Array, start: number, end: number) =>
  end - start > 64 ? '' : Buffer.from(bytes.subarray(start, end)).toString('latin1').replace(/\0+$/, '');

function uint(bytes: Uint8Array, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 256 + bytes[i]!;
  return value;
}

/** The children of [start, end), each known-size and within it; undefined when they do not tile it. */
function childrenOf(bytes: Uint8Array, start: number, end: number): Element[] | undefined {
  const children: Element[] = [];
  for (let offset = start; offset < end;) {
    const child = elementAt(bytes, offset, end);
    if (!child || child.end === undefined) return undefined;
    children.push(child);
    offset = child.end;
  }
  return children;
}

/** The audio track numbers of a Tracks element, or undefined when any track is not Opus/Vorbis audio (or there is none). */
function audioTracks(bytes: Uint8Array, tracks: Element): Set<number> | undefined {
  const entries = childrenOf(bytes, tracks.start, tracks.end!);
  if (!entries) return undefined;
  const numbers = new Set<number>();
  for (const entry of entries) {
    if (entry.id !== TRACK_ENTRY) continue; // Void, CRC-32
    const fields = childrenOf(bytes, entry.start, entry.end!);
    if (!fields) return undefined;
    const field = (id: number) => fields.find((element) => element.id === id);
    const number = field(TRACK_NUMBER);
    const type = field(TRACK_TYPE);
    const codec = field(CODEC_ID);
    if (!number || !type || !codec || field(VIDEO)) return undefined;
    if (
      uint(bytes, type.start, type.end!) !== AUDIO_TRACK_TYPE ||
      !AUDIO_CODECS.includes(text(bytes, codec.start, codec.end!))
    )
      return undefined;
    numbers.add(uint(bytes, number.start, number.end!));
  }
  return numbers.size > 0 ? numbers : undefined;
}

/** A (Simple)Block's track number is the first thing in it. */
const blockTrack = (bytes: Uint8Array, block: Element) => vint(bytes, block.start, 8, false)?.value;

function isAudioWebm(bytes: Uint8Array): boolean {
  const header = elementAt(bytes, 0, bytes.length);
  if (!header || header.id !== EBML || header.end === undefined) return false;
  const headerFields = childrenOf(bytes, header.start, header.end);
  const docType = headerFields?.find((element) => element.id === EBML_DOC_TYPE);
  if (!docType || text(bytes, docType.start, docType.end!) !== 'webm') return false;
  const segment = elementAt(bytes, header.end, bytes.length);
  if (!segment || segment.id !== SEGMENT) return false;
  const segmentEnd = segment.end ?? bytes.length;
  if (segmentEnd !== bytes.length) return false; // nothing may follow the Segment

  let tracks: Set<number> | undefined;
  let cluster: Element | undefined; // the Cluster being walked, while its children come
  for (let offset = segment.start; offset < segmentEnd;) {
    const element = elementAt(bytes, offset, cluster?.end ?? segmentEnd);
    if (!element) return false;
    if (cluster && CLUSTER_CHILDREN.has(element.id)) {
      if (element.end === undefined) return false;
      if (element.id === SIMPLE_BLOCK || element.id === BLOCK_GROUP) {
        const block =
          element.id === SIMPLE_BLOCK
            ? element
            : childrenOf(bytes, element.start, element.end)?.find((child) => child.id === BLOCK);
        const track = block && blockTrack(bytes, block);
        if (track === undefined || !tracks!.has(track)) return false;
      }
      offset = element.end;
      if (offset === cluster.end) cluster = undefined;
      continue;
    }
    // A Segment child: ends a Cluster of unknown size (one of known size must have ended exactly at its end).
    if (cluster && cluster.end !== undefined) return false;
    cluster = undefined;
    if (element.id === CLUSTER) {
      if (!tracks) return false; // MediaRecorder writes Tracks first; a Cluster before them is not its file
      cluster = element;
      offset = element.start;
      if (element.end === element.start) cluster = undefined;
      continue;
    }
    if (element.end === undefined) return false;
    if (element.id === TRACKS) {
      if (tracks) return false;
      tracks = audioTracks(bytes, element);
      if (!tracks) return false;
    } else if (!SEGMENT_CHILDREN.has(element.id)) {
      return false;
    }
    offset = element.end;
  }
  return tracks !== undefined && (cluster === undefined || cluster.end === undefined);
}

// ── MP4 (ISO base media file format) ─────────────────────────────────────────────────────────────────────────────

/** The top-level boxes an audio recording may have (fragments, indexes, free space, metadata). */
const MP4_TOP_LEVEL = new Set([
  'ftyp',
  'moov',
  'moof',
  'mdat',
  'free',
  'skip',
  'wide',
  'sidx',
  'mfra',
  'styp',
  'meta',
  'udta',
  'uuid',
  'prft',
  'emsg',
  'pdin',
]);

interface Box {
  type: string;
  start: number;
  end: number;
}

/** The boxes that tile [start, end) exactly (a size of 0 runs to `end`); undefined when they do not. */
function boxesIn(bytes: Uint8Array, start: number, end: number): Box[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: Box[] = [];
  for (let offset = start; offset < end;) {
    if (offset + 8 > end) return undefined;
    let size = view.getUint32(offset);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) return undefined;
      size = Number(view.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || offset + size > end) return undefined;
    boxes.push({ type: text(bytes, offset + 4, offset + 8), start: offset + header, end: offset + size });
    offset += size;
  }
  return boxes;
}

const child = (bytes: Uint8Array, box: Box | undefined, type: string) =>
  box ? boxesIn(bytes, box.start, box.end)?.find((found) => found.type === type) : undefined;

function isAudioMp4(bytes: Uint8Array): boolean {
  const boxes = boxesIn(bytes, 0, bytes.length);
  if (!boxes || boxes[0]?.type !== 'ftyp' || !boxes.every((box) => MP4_TOP_LEVEL.has(box.type))) return false;
  const movies = boxes.filter((box) => box.type === 'moov');
  if (movies.length !== 1) return false;
  const movie = boxesIn(bytes, movies[0]!.start, movies[0]!.end);
  const tracks = movie?.filter((box) => box.type === 'trak') ?? [];
  if (tracks.length === 0) return false;
  return tracks.every((track) => {
    const handler = child(bytes, child(bytes, track, 'mdia'), 'hdlr');
    // A full box: version and flags (4), pre_defined (4), then handler_type.
    return (
      handler !== undefined &&
      handler.end - handler.start >= 12 &&
      text(bytes, handler.start + 8, handler.start + 12) === 'soun'
    );
  });
}

// ── Ogg ──────────────────────────────────────────────────────────────────────────────────────────────────────────

const OGG_CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

/** Ogg's CRC-32 (polynomial 0x04c11db7, no reflection) of a page whose own CRC field reads as zero. */
export function oggPageCrc(page: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < page.length; i++) {
    const byte = i >= 22 && i < 26 ? 0 : page[i]!;
    crc = ((crc << 8) ^ OGG_CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  }
  return crc;
}

const OGG_BEGINS_STREAM = 0x02;
const AUDIO_FIRST_PACKETS = [Buffer.from('OpusHead', 'latin1'), Buffer.from('\x01vorbis', 'latin1')];

function isAudioOgg(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let streams = 0;
  for (let offset = 0; offset < bytes.length;) {
    if (offset + 27 > bytes.length || text(bytes, offset, offset + 4) !== 'OggS' || bytes[offset + 4] !== 0)
      return false;
    const segments = bytes[offset + 26]!;
    const body = offset + 27 + segments;
    if (body > bytes.length) return false;
    let size = 0;
    for (let i = 0; i < segments; i++) size += bytes[offset + 27 + i]!;
    const end = body + size;
    if (end > bytes.length || oggPageCrc(bytes.subarray(offset, end)) !== view.getUint32(offset + 22, true))
      return false;
    if (bytes[offset + 5]! & OGG_BEGINS_STREAM) {
      const packet = bytes.subarray(body, end);
      if (
        !AUDIO_FIRST_PACKETS.some(
          (start) => packet.length >= start.length && start.every((byte, i) => packet[i] === byte),
        )
      )
        return false;
      streams++;
    } else if (streams === 0) {
      return false;
    }
    offset = end;
  }
  return streams > 0;
}
