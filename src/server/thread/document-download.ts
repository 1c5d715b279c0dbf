/**
 * A generated document (a quote's or an agreement's PDF) sent as a download that no cache keeps; the status page adds
 * its own headers (`STATUS_DOCUMENT_HEADERS`: not indexed, no referrer), since its link carries the founder's token.
 */
import type { FastifyReply } from 'fastify';

export interface DocumentFile {
  filename: string;
  content: Buffer;
  contentType: string;
}

export const STATUS_DOCUMENT_HEADERS = {
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
} as const;

export function sendDocument(
  reply: FastifyReply,
  file: DocumentFile,
  headers: Readonly<Record<string, string>> = {},
): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .headers(headers)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .type(file.contentType)
    .send(file.content);
}
