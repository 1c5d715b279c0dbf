/**
 * The conversation on one lead (decision 101): one thread per idea, messages from the team (written in the
 * workspace, mailed to the founder) and from the founder (answered on the status page, with an optional voice
 * memo). Limits, paths and the answer types both sides share.
 */
import { z } from 'zod';
import type { ContractView } from './contract';
import type { QuoteView } from './quote';
import { TEAM_API_PATH } from './team-paths';
import { requiredVisibleText } from './visible-text';

export const THREAD_LIMITS = {
  /** A team message's text. */
  teamBodyMax: 4000,
  /** A founder's answer's text. */
  answerMax: 2000,
  /** Answers one status link may send in an hour (the link is the founder's only key: a leaked one cannot flood). */
  answersPerHour: 10,
} as const;

export const THREAD_SIDES = ['team', 'founder'] as const;
export type ThreadSide = (typeof THREAD_SIDES)[number];

/** The status page's answer form: its fields (the memo's field is VOICE_MEMO_FIELD, as in the idea form). */
export const ANSWER_FIELDS = { body: 'body' } as const;

export const threadMessageSchema = z.object({ body: requiredVisibleText(THREAD_LIMITS.teamBodyMax) });

export interface ThreadMessageView {
  id: string;
  at: string;
  side: ThreadSide;
  /** The team member who wrote it (team side), or null. */
  memberEmail: string | null;
  body: string;
  memo: { durationMs: number; byteSize: number; mimeType: string } | null;
  quote: QuoteView | null;
}

export interface ThreadView {
  messages: ThreadMessageView[];
  /** The service agreements on the lead (decision 150): the workspace's view (the status page renders its own). */
  contracts?: ContractView[];
  /** The workspace's view only (decision 127), never the status page's. */
  mail?: ThreadMailView;
}

/** What the mailbox reader kept for the team: whether mail to the founder bounced, and replies from other senders. */
export interface ThreadMailView {
  bouncedAt: string | null;
  aside: { at: string; sender: string; subject: string; body: string }[];
}

export const leadThreadPath = (id: string) => `${TEAM_API_PATH}/leads/${id}/thread`;
export const leadThreadMessagesPath = (id: string) => `${leadThreadPath(id)}/messages`;
/** The team clears the founder's address's bounce mark (decision 140): mail to it goes again. */
export const leadThreadBounceClearPath = (id: string) => `${leadThreadPath(id)}/bounce/clear`;
export const leadQuotesPath = (id: string) => `${leadThreadPath(id)}/quotes`;
export const leadQuoteWithdrawPath = (id: string, quoteId: string) => `${leadQuotesPath(id)}/${quoteId}/withdraw`;
/** The quote's printable sheet for the team (HTML, the session's cookie). */
export const leadQuotePrintPath = (id: string, quoteId: string) => `${leadQuotesPath(id)}/${quoteId}/print`;
/** The quote as a PDF file, for the team (the founder's is below the status link: `threadSubpaths.pdf`). */
export const leadQuotePdfPath = (id: string, quoteId: string) => `${leadQuotesPath(id)}/${quoteId}/pdf`;
/** The service agreement (decision 150): send one, countersign it, mark its deposit received, its PDF. */
export const leadContractsPath = (id: string) => `${leadThreadPath(id)}/contracts`;
export const leadContractPath = (id: string, contractId: string) => `${leadContractsPath(id)}/${contractId}`;
export const leadContractCountersignPath = (id: string, contractId: string) =>
  `${leadContractPath(id, contractId)}/countersign`;
export const leadContractDepositPath = (id: string, contractId: string) =>
  `${leadContractPath(id, contractId)}/deposit`;
export const leadContractPdfPath = (id: string, contractId: string) => `${leadContractPath(id, contractId)}/pdf`;
export const leadThreadMemoPath = (id: string, messageId: string) => `${leadThreadPath(id)}/memos/${messageId}`;

/** Below the status link (domain/status-link.ts): the answer form's POST, a memo, the quote's page and its 「견적 확인」. */
export const threadSubpaths = {
  answer: 'answer',
  memo: 'thread-memo',
  quote: 'quote',
  confirm: 'confirm',
  pdf: 'pdf',
} as const;

/** The status page's anchor of the thread section (the answer's 303 lands there). */
export const THREAD_ANCHOR = 'thread';
