/**
 * Reads a submission with a voice memo (multipart, via @fastify/multipart): the text fields and at most one file
 * in the `memo` field, each within its limit, so a memo over 2 MB is refused (413) while it streams in, never read
 * whole. Then the memo is checked by its bytes, walked whole as its container (intake/audio-container.ts: WebM, MP4 or
 * Ogg holding audio and no video; the declared type is ignored, 415 otherwise) and against the length the form
 * declared (400 when one comes without the other or it is empty).
 */
import crypto from 'node:crypto';
import type {} from '@fastify/multipart'; // the request.parts() it adds
import type { FastifyRequest } from 'fastify';
import { AUDIO_CONTAINERS, VOICE_MEMO_FIELD, VOICE_MEMO_MAX_BYTES, type AudioContainer } from '../../domain/voice-memo';
import { ApiError } from '../http/api-error';
import { audioContainerOf } from './audio-container';
import { INTAKE_BODY_LIMIT } from './body-limit';

export interface VoiceMemoUpload {
  container: AudioContainer;
  mimeType: string;
  durationMs: number;
  bytes: Buffer;
}

const FIELD_LIMIT = 20;

/** Fastify's and busboy's ways of saying the body was cut short or malformed. */
const INCOMPLETE = /unexpected end of (form|multipart)|premature close|aborted|malformed|boundary/i;

/** The text fields and the memo bytes of a multipart submission. */
export async function readMultipartIdea(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; memo: Buffer | undefined }> {
  const fields = new Map<string, string>();
  let memo: Buffer | undefined;
  try {
    const parts = request.parts({
      limits: {
        fileSize: VOICE_MEMO_MAX_BYTES,
        files: 1,
        fields: FIELD_LIMIT,
        fieldSize: INTAKE_BODY_LIMIT,
        parts: FIELD_LIMIT + 1,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== VOICE_MEMO_FIELD) throw new ApiError(400, 'invalid_json');
        memo = bytes;
      } else if (typeof part.value === 'string' && !fields.has(part.fieldname)) {
        fields.set(part.fieldname, part.value);
      }
    }
  } catch (error) {
    throw toUploadError(error);
  }
  return { fields: Object.fromEntries(fields), memo };
}

function toUploadError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError(413, 'memo_too_large');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new ApiError(413, 'payload_too_large');
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new ApiError(400, 'invalid_json');
  if (INCOMPLETE.test(message ?? '') || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE')
    return new ApiError(400, 'memo_incomplete');
  return error;
}

/** The memo as it will be stored, or undefined when none came; refuses what is not audio or does not add up. */
export function checkVoiceMemo(
  bytes: Buffer | undefined,
  declaredDurationMs: number | undefined,
): VoiceMemoUpload | undefined {
  if (bytes === undefined && declaredDurationMs === undefined) return undefined;
  if (bytes === undefined || bytes.length === 0 || declaredDurationMs === undefined)
    throw new ApiError(400, 'memo_incomplete');
  const container = audioContainerOf(bytes);
  if (!container) throw new ApiError(415, 'unsupported_audio');
  return { container, mimeType: AUDIO_CONTAINERS[container].mimeType, durationMs: declaredDurationMs, bytes };
}

/** Part of the request hash: a retry with the same key must carry the same memo. */
export const memoDigest = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('base64url');
