/**
 * The stages a lead moves through in the team's workspace, shared by the workspace, its API, the founder's status
 * page and the database (ideas.stage, idea_events.stage). Labels live with the copy (content/workspace.ts).
 *
 * 신규 → 검토 중 → 제작 중 → 프로토타입 전달 (with the prototype's link) → 미팅 → 계약 / 종료 (with a reason).
 * The team may move a lead to any stage (a lead can go back to 제작 중 after a meeting); the two that carry a
 * detail require it, and 미팅 and 계약 come only after a prototype went out (`stageMoveRefusal`). 종료 is the one
 * "closed": it is the consultation's end (the retention period counts from it), and leaving it reopens the lead.
 * Whether the 24-hour promise was kept is not a stage: domain/promise.ts reads it from the times.
 */
import { z } from 'zod';
import { requiredVisibleText } from './visible-text';

export const STAGES = ['new', 'reviewing', 'building', 'delivered', 'meeting', 'contracted', 'closed'] as const;
export type Stage = (typeof STAGES)[number];

/** The stages that follow a delivered prototype: a lead without one cannot be moved there. */
export const AFTER_PROTOTYPE_STAGES: readonly Stage[] = ['meeting', 'contracted'];

/** Why the rules refuse moving a lead to `stage`, or null when they allow it. */
export function stageMoveRefusal(stage: Stage, lead: { prototypeDelivered: boolean }): 'needs_prototype' | null {
  return AFTER_PROTOTYPE_STAGES.includes(stage) && !lead.prototypeDelivered ? 'needs_prototype' : null;
}

/** The longest prototype link and closing reason the team may store. */
export const STAGE_DETAIL_LIMITS = { prototypeUrl: 2000, reason: 500 } as const;

/** A stage change as the workspace sends it: 프로토타입 전달 needs the link, 종료 a reason. */
export const stageChangeSchema = z.discriminatedUnion('stage', [
  z.object({
    stage: z.literal('delivered'),
    prototypeUrl: z.url({ protocol: /^https?$/ }).max(STAGE_DETAIL_LIMITS.prototypeUrl),
  }),
  z.object({ stage: z.literal('closed'), reason: requiredVisibleText(STAGE_DETAIL_LIMITS.reason) }),
  // Every other stage, read from STAGES: a new stage is accepted here without another list.
  z.object({ stage: z.enum(STAGES).exclude(['delivered', 'closed']) }),
]);
export type StageChange = z.infer<typeof stageChangeSchema>;
