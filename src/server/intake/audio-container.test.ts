import { describe, expect, it } from 'vitest';
import {
  clusterStart,
  ebmlElement,
  mp4Box,
  mp4Memo,
  memoFixture,
  OPUS_HEAD,
  OPUS_TRACK,
  oggMemo,
  oggPage,
  simpleBlock,
  VP8_TRACK,
  webmBytes,
  webmHead,
} from '../../../test-support/server/voice-memo-body';
import { audioContainerOf } from './audio-container';

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>', 'latin1');
const EXECUTABLE = Buffer.concat([Buffer.from('MZ\x90\0\x03\0\0\0', 'latin1'), Buffer.alloc(200, 0x90)]);

describe('audio containers, walked whole', () => {
  it("takes Chromium MediaRecorder's real recordings: Opus in WebM, audio in fragmented MP4", () => {
    expect(audioContainerOf(memoFixture('chromium-opus.webm'))).toBe('webm');
    expect(audioContainerOf(memoFixture('chromium-audio.mp4'))).toBe('mp4');
  });

  it('refuses, without throwing, a header whose text elements are megabytes long', () => {
    // A DocType of 1.5 MB (within the 2 MB memo limit) once overflowed the call stack: a 500 instead of a 415.
    const hostile = ebmlElement(0x1a45dfa3, [ebmlElement(0x4282, [Buffer.alloc(1_500_000, 0x61)])]);
    expect(() => audioContainerOf(hostile)).not.toThrow();
    expect(audioContainerOf(hostile)).toBeUndefined();
  });

  it("refuses Chromium's real videos, with or without a sound track", () => {
    for (const name of [
      'chromium-vp8.webm',
      'chromium-vp8-opus.webm',
      'chromium-video.mp4',
      'chromium-video-audio.mp4',
    ]) {
      expect(audioContainerOf(memoFixture(name)), name).toBeUndefined();
    }
  });

  it('takes minimal audio files of each container, built byte by byte', () => {
    expect(audioContainerOf(webmBytes(300))).toBe('webm');
    expect(audioContainerOf(webmBytes(200 * 1024))).toBe('webm');
    expect(audioContainerOf(webmHead([{ number: 1, type: 2, codec: 'A_VORBIS' }]))).toBe('webm'); // no Cluster yet
    expect(audioContainerOf(mp4Memo())).toBe('mp4');
    expect(audioContainerOf(mp4Memo({ fragmented: true }))).toBe('mp4');
    expect(audioContainerOf(oggMemo())).toBe('ogg');
    expect(audioContainerOf(oggMemo(Buffer.from('\x01vorbis\0\0\0\0\x01\x44\xac\0\0', 'latin1')))).toBe('ogg');
  });

  it('refuses WebM with a video track, another codec or DocType, or clusters before the tracks', () => {
    expect(
      audioContainerOf(Buffer.concat([webmHead([VP8_TRACK]), clusterStart(), simpleBlock(2, Buffer.alloc(50))])),
    ).toBeUndefined();
    expect(audioContainerOf(webmHead([OPUS_TRACK, VP8_TRACK]))).toBeUndefined();
    expect(audioContainerOf(webmHead([{ number: 1, type: 2, codec: 'V_VP8' }]))).toBeUndefined(); // a video codec called audio
    expect(audioContainerOf(webmHead([{ number: 1, type: 2, codec: 'A_MPEG/L3' }]))).toBeUndefined();
    expect(audioContainerOf(webmHead([OPUS_TRACK], 'matroska'))).toBeUndefined();
    expect(audioContainerOf(webmHead([]))).toBeUndefined();
    const head = webmHead();
    const tracksAt = head.indexOf(Buffer.from([0x16, 0x54, 0xae, 0x6b]));
    const clusterFirst = Buffer.concat([
      head.subarray(0, tracksAt),
      clusterStart(),
      simpleBlock(1, Buffer.alloc(20)),
      head.subarray(tracksAt),
    ]);
    expect(audioContainerOf(clusterFirst)).toBeUndefined();
  });

  it('refuses WebM with a block of an undeclared track, an attachment, or anything after the header but elements', () => {
    expect(
      audioContainerOf(Buffer.concat([webmHead(), clusterStart(), simpleBlock(2, Buffer.alloc(20))])),
    ).toBeUndefined();
    const attachment = ebmlElement(0x1941a469, [ebmlElement(0x61a7, [ebmlElement(0x465c, EXECUTABLE)])]);
    expect(audioContainerOf(Buffer.concat([webmHead(), attachment]))).toBeUndefined();
    expect(audioContainerOf(Buffer.concat([webmHead(), HTML]))).toBeUndefined();
    expect(audioContainerOf(Buffer.concat([webmBytes(2000), HTML]))).toBeUndefined();
    expect(audioContainerOf(Buffer.concat([webmBytes(2000), EXECUTABLE]))).toBeUndefined();
    expect(audioContainerOf(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), HTML]))).toBeUndefined();
    expect(audioContainerOf(webmBytes(2000).subarray(0, 1990))).toBeUndefined(); // a block cut short
  });

  it('refuses MP4 with a video track, no track, a photo brand, or junk after the boxes', () => {
    expect(audioContainerOf(mp4Memo({ handlers: ['vide'] }))).toBeUndefined();
    expect(audioContainerOf(mp4Memo({ handlers: ['soun', 'vide'], fragmented: true }))).toBeUndefined();
    expect(audioContainerOf(mp4Memo({ handlers: [] }))).toBeUndefined();
    expect(audioContainerOf(mp4Memo({ brand: 'heic' }))).toBeUndefined();
    expect(audioContainerOf(Buffer.concat([mp4Memo(), HTML]))).toBeUndefined();
    expect(audioContainerOf(Buffer.concat([mp4Memo(), EXECUTABLE]))).toBeUndefined();
    expect(
      audioContainerOf(Buffer.concat([mp4Box('ftyp', Buffer.from('isom\0\0\0\0', 'latin1')), HTML])),
    ).toBeUndefined();
    expect(audioContainerOf(Buffer.concat([mp4Memo(), mp4Box('html', HTML)]))).toBeUndefined(); // not a box a recording has
    expect(audioContainerOf(mp4Memo().subarray(0, 600))).toBeUndefined();
  });

  it('refuses Ogg whose stream is not Opus or Vorbis (Theora video), with a bad CRC, or junk after the pages', () => {
    expect(audioContainerOf(oggMemo(Buffer.from('\x80theora\x03\x02\x01', 'latin1')))).toBeUndefined();
    const withVideo = Buffer.concat([
      oggMemo(),
      oggPage(Buffer.from('\x80theora\x03\x02\x01', 'latin1'), { first: true, serial: 7 }),
    ]);
    expect(audioContainerOf(withVideo)).toBeUndefined();
    const corrupted = oggMemo();
    corrupted.writeUInt8(corrupted.readUInt8(corrupted.length - 1) ^ 0xff, corrupted.length - 1);
    expect(audioContainerOf(corrupted)).toBeUndefined();
    expect(audioContainerOf(Buffer.concat([oggMemo(), HTML]))).toBeUndefined();
    expect(audioContainerOf(Buffer.concat([Buffer.from('OggS', 'latin1'), HTML]))).toBeUndefined();
    expect(audioContainerOf(oggPage(OPUS_HEAD))).toBeUndefined(); // a first page without the begins-stream flag
  });
});
