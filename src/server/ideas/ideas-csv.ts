/**
 * The ideas as CSV for Excel (csv.ts), the one export of the CLI (`npm run ideas -- export --csv`) and the
 * workspace (POST /team/api/leads/export), and the delivery status's label both show.
 */
import { leadsCopy } from '../../content/workspace';
import { formatKst } from '../../domain/kst';
import { promiseOf } from '../../domain/promise';
import { stageLabels } from '../../content/stages';
import { channelLabels, leadSourceCopy } from '../../content/lead-source';
import { contractCsvColumns, contractDownloadCopy } from '../../content/contract';
import { formatBusinessNumber } from '../../domain/contract';
import type { Stage } from '../../domain/stages';
import { toCsv } from './csv';
import type { LeadRecords } from './lead-export';
import type { DeliveryStatus, TeamIdea } from './team-ideas';

const STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: '발송 대기',
  sending: '발송 중',
  sent: '발송 완료',
  failed: '발송 실패',
  spam: '스팸 의심(미발송)',
  digest: '묶음 메일 대기',
};

export function statusLabel(idea: Pick<TeamIdea, 'status' | 'spamReason'>): string {
  const label = STATUS_LABELS[idea.status];
  return idea.status === 'spam' && idea.spamReason ? `${label}: ${idea.spamReason}` : label;
}

const STAGE_LABELS: Record<Stage, string> = stageLabels;

/** The promise's state as of `now` (domain/promise.ts), in the team's words. */
export function promiseLabel(idea: TeamIdea, now: Date): string {
  const promise = promiseOf(
    {
      receivedAt: idea.receivedAt,
      deliveredAt: idea.prototypeDeliveredAt,
      closedAt: idea.closedAt,
      spam: idea.spamReason !== null && idea.releasedAt === null,
    },
    now,
  );
  return promise.overdue ? leadsCopy.promise.overdue : leadsCopy.promise[promise.state];
}

const columns = leadsCopy.csvColumns;

/** With `records` (lead-export.ts), the owner, stage history, notes and closing reason too (empty without). */
export function ideasCsv(ideas: TeamIdea[], now = new Date(), records?: Map<string, LeadRecords>): string {
  return toCsv(
    [
      '접수 번호',
      '접수 시각(KST)',
      '접수 시각(UTC)',
      '이름',
      '이메일',
      '연락처',
      '아이디어',
      '음성 메모 길이(초)',
      '발송 상태',
      '스팸 사유',
      '시도 횟수',
      '발송 시각(UTC)',
      '마지막 오류',
      '단계',
      '프로토타입 링크',
      '24시간 약속',
      '프로토타입 전달 시각(UTC)',
      '종료 시각(UTC)',
      columns.owner,
      columns.stageHistory,
      columns.notes,
      columns.closeReason,
      ...Object.values(leadSourceCopy.csvColumns),
      ...Object.values(contractCsvColumns),
    ],
    ideas.map((idea) => [
      idea.id,
      formatKst(idea.receivedAt),
      idea.receivedAt,
      idea.name,
      idea.email,
      idea.phone,
      idea.idea,
      idea.memo ? Math.round(idea.memo.durationMs / 100) / 10 : null,
      STATUS_LABELS[idea.status],
      idea.spamReason,
      idea.attempts,
      idea.sentAt,
      idea.lastError,
      STAGE_LABELS[idea.stage],
      idea.prototypeUrl,
      promiseLabel(idea, now),
      idea.prototypeDeliveredAt,
      idea.closedAt,
      ...recordCells(records?.get(idea.id)),
      channelLabels[idea.source.channel],
      idea.source.source,
      idea.source.medium,
      idea.source.campaign,
      ...contractCells(records?.get(idea.id)?.contract ?? null),
    ]),
  );
}

/** One line per stage change and per note, each with its KST time. */
function recordCells(record: LeadRecords | undefined): (string | null)[] {
  if (!record) return [null, null, null, null];
  return [
    record.owner,
    record.stages.map((change) => `${formatKst(change.at)} ${STAGE_LABELS[change.stage]}`).join('\n'),
    record.notes.map((note) => `${formatKst(note.at)} ${note.text}`).join('\n'),
    record.closeReason,
  ];
}

/** The signed agreement's tax details (decision 150), in contractCsvColumns' order; empty without one. */
function contractCells(contract: LeadRecords['contract']): (string | null)[] {
  if (!contract) return Object.keys(contractCsvColumns).map(() => null);
  const tax = contract.tax;
  const business = tax.kind === 'business' ? tax : undefined;
  return [
    formatKst(contract.signedAt),
    contractDownloadCopy.kinds[tax.kind],
    business ? formatBusinessNumber(business.businessNumber) : null,
    business?.company ?? null,
    business?.representative ?? null,
    business?.businessType ?? null,
    business?.businessItem ?? null,
    business?.invoiceEmail ?? null,
    tax.kind === 'individual' ? tax.receiptNumber : null,
    contract.depositReceivedAt ? formatKst(contract.depositReceivedAt) : null,
  ];
}
