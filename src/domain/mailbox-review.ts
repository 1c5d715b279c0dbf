/**
 * The team's review of the replies by mail that name no lead (decision 142): the list the workspace's 「확인할 메일」
 * screen shows, and what a member does with one — attach it to a lead's thread by its reference (접수 번호), or
 * dismiss it. Members only; the server records each view and each action.
 */
import { z } from 'zod';
import { TEAM_API_PATH } from './team-paths';

export const UNMATCHED_MAIL_PATH = `${TEAM_API_PATH}/mailbox/unmatched`;
export const unmatchedAttachPath = (key: string) => `${UNMATCHED_MAIL_PATH}/${key}/attach`;
export const unmatchedDismissPath = (key: string) => `${UNMATCHED_MAIL_PATH}/${key}/dismiss`;

/** A kept mail's key: the SHA-256 (hex) of its Message-ID or bytes. */
export const UNMATCHED_KEY = /^[0-9a-f]{64}$/;
/** How much of the new words the list shows. */
export const UNMATCHED_PREVIEW_MAX = 600;

export interface UnmatchedMailView {
  key: string;
  /** When the reader kept it (ISO). */
  at: string;
  sender: string;
  subject: string;
  /** The new words, cut to UNMATCHED_PREVIEW_MAX. */
  preview: string;
}

export interface UnmatchedMailList {
  mails: UnmatchedMailView[];
  /** After how many days an unanswered one is erased (IMAP_UNMATCHED_DAYS). */
  keptDays: number;
}

/** A reference as typed: eight hexadecimal characters, spaces around and either case allowed. */
export const attachUnmatchedSchema = z.object({
  reference: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{8}$/),
});
