/**
 * Crypto-erasure of voice memos (decision 105). Each memo is sealed with its own random AES-256-GCM key: the
 * memo table holds `nonce ‖ tag ‖ ciphertext`, the key lives in the idea's row (`ideas.memo_key`). Erasing the idea
 * deletes the key with the row, and the purge rewrites the small `ideas` table at once, so the megabytes of an erased
 * memo are unreadable the moment the key's row is gone and need no rewrite of their own. A memo stored before this
 * (its row has no key) is plain bytes; the purge rewrites the memo table when one of those is erased.
 */
import crypto from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
export const MEMO_KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export interface SealedMemo {
  key: Buffer;
  sealed: Buffer;
}

/** Seals `bytes` under a fresh key; only the key opens it. */
export function sealMemo(bytes: Buffer): SealedMemo {
  const key = crypto.randomBytes(MEMO_KEY_BYTES);
  const nonce = crypto.randomBytes(NONCE_BYTES);
  const cipher = crypto.createCipheriv(ALGORITHM, key, nonce);
  const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
  return { key, sealed: Buffer.concat([nonce, cipher.getAuthTag(), body]) };
}

/** The memo's bytes: opened with its key, or as stored when the row has none (a memo from before encryption). */
export function openMemo(stored: Buffer, key: Buffer | null): Buffer {
  if (key === null) return stored;
  const decipher = crypto.createDecipheriv(ALGORITHM, key, stored.subarray(0, NONCE_BYTES));
  decipher.setAuthTag(stored.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(stored.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]);
}

/** `openMemo` over the base64 text the queries select (PGlite hands bytea over far slower than text). */
export function openMemoBase64(storedBase64: string, keyBase64: string | null): Buffer {
  return openMemo(Buffer.from(storedBase64, 'base64'), keyBase64 === null ? null : Buffer.from(keyBase64, 'base64'));
}
