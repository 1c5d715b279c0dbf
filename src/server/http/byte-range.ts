/**
 * Byte ranges for the voice memo players (the workspace's lead page and the founder's status page): `<audio>` asks
 * for ranges to seek. One range is served (206); a range past the end is 416; a header this does not read — another
 * unit, several ranges, nonsense — is ignored and the whole memo sent, as RFC 9110 lets a server do.
 */
import type { FastifyReply } from 'fastify';

export interface ByteRange {
  start: number;
  end: number;
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` within `size`; null when unsatisfiable, undefined when absent or ignored. */
export function byteRange(header: string | undefined, size: number): ByteRange | null | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? null : { start, end };
}

/** Sends `bytes` of `mimeType`, the range (206), the whole (200), or 416 for an unsatisfiable range. */
export function sendBytes(
  reply: FastifyReply,
  bytes: Buffer,
  mimeType: string,
  range: ByteRange | null | undefined,
): FastifyReply {
  const size = bytes.length;
  reply.header('accept-ranges', 'bytes').type(mimeType);
  if (range === null) return reply.code(416).header('content-range', `bytes */${size}`).send();
  if (range === undefined) return reply.header('content-length', size).send(bytes);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(bytes.subarray(range.start, range.end + 1));
}
