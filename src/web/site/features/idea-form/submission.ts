/**
 * One submission attempt from the form's point of view: validate, send, and turn the outcome into the notice to show,
 * the fields to mark, and whether the fields reset. Each refusal is reported as what it is (docs/decisions/078): a
 * field to fix, a memo to re-record, a wait, a reload; "try again" only after a failure that trying again can fix.
 * Loaded when the visitor starts on the form (with zod and the client), before the press.
 */
import { ideaNotices } from '../../../../content/home';
import { formatKst } from '../../../../domain/kst';
import { IDEA_REFUSALS, retryAfterLine } from '../../../../domain/idea-refusals';
import { sharedIdeaClient, type IdeaClient, type IdeaValues, type SubmitOutcome } from './api';
import type { NoticeState } from './notice-state';
import type { VoiceMemo } from '../voice-memo/voice-memo';
import { firstFieldInError, validateIdea, type FieldErrors } from './validate-idea';
import { leadReference } from '../../../../domain/lead-reference';

export type SubmissionResult = {
  notice: Omit<NoticeState, 'id'>;
  /** The fields to mark, each with its Korean message (empty when none is at fault). */
  fields: FieldErrors;
  reset: boolean;
  sent: boolean;
};

const error = (title: string, description: string): Omit<NoticeState, 'id'> => ({ tone: 'error', title, description });

export async function submitIdeaForm(
  values: IdeaValues,
  honeypot: string,
  memo: VoiceMemo | null = null,
  ideaClient: IdeaClient = sharedIdeaClient(),
): Promise<SubmissionResult> {
  const validation = validateIdea(values, { hasVoiceMemo: memo !== null });
  if (validation.kind === 'missing') {
    return { notice: { tone: 'error', ...ideaNotices.required }, fields: validation.fields, reset: false, sent: false };
  }
  if (validation.kind === 'invalid') {
    return {
      notice: error(ideaNotices.invalid.title, validation.message),
      fields: validation.fields,
      reset: false,
      sent: false,
    };
  }
  const outcome = await ideaClient.submit(values, honeypot, memo);
  if (outcome.kind === 'accepted') {
    return {
      notice: {
        tone: 'success',
        ...ideaNotices.success,
        details: [
          `${ideaNotices.receiptId}: ${leadReference(outcome.receipt.id)}`,
          `${ideaNotices.receiptPromise}: ${formatKst(outcome.receipt.promisedBy)}`,
        ],
        ...(typeof outcome.receipt.statusUrl === 'string' && outcome.receipt.statusUrl.startsWith('/status/')
          ? { link: { href: outcome.receipt.statusUrl, label: ideaNotices.statusLink, hint: ideaNotices.statusHint } }
          : {}),
      },
      fields: {},
      reset: true,
      sent: true,
    };
  }
  if (outcome.kind === 'invalid') {
    const first = firstFieldInError(outcome.fields);
    return {
      notice: error(ideaNotices.invalid.title, (first && outcome.fields[first]) ?? ''),
      fields: outcome.fields,
      reset: false,
      sent: true,
    };
  }
  return { notice: refusalNotice(outcome), fields: {}, reset: false, sent: true };
}

type Refusal = Exclude<SubmitOutcome, { kind: 'accepted' } | { kind: 'invalid' }>;

function refusalNotice(outcome: Refusal): Omit<NoticeState, 'id'> {
  switch (outcome.kind) {
    case 'rate-limited': {
      const { title, description } = IDEA_REFUSALS.rateLimited;
      if (outcome.retryAfterSeconds === undefined)
        return error(title, outcome.message ?? `${description} ${ideaNotices.failed.description}`);
      return error(title, `${description} ${retryAfterLine(outcome.retryAfterSeconds)}`);
    }
    case 'memo-refused': {
      const copy = {
        'too-large': IDEA_REFUSALS.memoTooLarge,
        unsupported: IDEA_REFUSALS.memoUnsupported,
        incomplete: IDEA_REFUSALS.memoIncomplete,
      }[outcome.reason];
      // Our own words whoever refused (the app or a proxy in front of it): what to do with the recording.
      return error(copy.title, copy.description);
    }
    case 'too-large':
      return error(IDEA_REFUSALS.tooLarge.title, outcome.message ?? IDEA_REFUSALS.tooLarge.description);
    case 'refused':
      return error(IDEA_REFUSALS.refused.title, outcome.message ?? IDEA_REFUSALS.refused.description);
    case 'failed':
      console.error(outcome.error);
      return error(ideaNotices.failed.title, ideaNotices.failed.description);
  }
}
