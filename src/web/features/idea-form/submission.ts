/**
 * One submission attempt from the form's point of view: validate, send, and turn the outcome into the notice
 * to show and whether the fields reset. Loaded on first interaction with the form (with zod and the client).
 */
import { ideaNotices } from '../../../content/home';
import { formatKst } from '../../../domain/idea';
import { sharedIdeaClient, type IdeaClient, type IdeaValues } from './api';
import type { NoticeState } from './notice-state';
import type { VoiceMemo } from '../voice-memo/voice-memo';
import { validateIdea } from './validate-idea';

export type SubmissionResult = { notice: Omit<NoticeState, 'id'>; reset: boolean; sent: boolean };

export async function submitIdeaForm(
  values: IdeaValues,
  honeypot: string,
  memo: VoiceMemo | null = null,
  ideaClient: IdeaClient = sharedIdeaClient(),
): Promise<SubmissionResult> {
  const validation = validateIdea(values, { hasVoiceMemo: memo !== null });
  if (validation.kind === 'missing') {
    return { notice: { tone: 'error', ...ideaNotices.required }, reset: false, sent: false };
  }
  if (validation.kind === 'invalid') {
    return { notice: { tone: 'error', title: ideaNotices.invalid.title, description: validation.message }, reset: false, sent: false };
  }
  const outcome = await ideaClient.submit(values, honeypot, memo);
  switch (outcome.kind) {
    case 'accepted':
      return {
        notice: {
          tone: 'success',
          ...ideaNotices.success,
          details: [
            `${ideaNotices.receiptId}: ${outcome.receipt.id}`,
            `${ideaNotices.receiptPromise}: ${formatKst(outcome.receipt.promisedBy)}`,
          ],
        },
        reset: true,
        sent: true,
      };
    case 'rate-limited':
      return { notice: { tone: 'error', title: ideaNotices.rateLimited.title, description: outcome.message }, reset: false, sent: true };
    case 'memo-refused':
      return { notice: { tone: 'error', title: ideaNotices.memoRefused.title, description: outcome.message }, reset: false, sent: true };
    case 'failed':
      console.error(outcome.error);
      return { notice: { tone: 'error', ...ideaNotices.failed }, reset: false, sent: true };
  }
}
