/**
 * The team's command line: `npm run ideas -- list [--spam] | show <id> | retry <id> | release <id> | close <id> |
 * delete <id> | export --csv [--out file]`. Works while the server runs, on PGlite (through the server's loopback
 * admin API) and on PostgreSQL.
 */
import fs from 'node:fs';
import { formatKst } from '../domain/kst';
import { formatMemoDuration } from '../domain/voice-memo';
import { voiceMemoFileName } from '../server/mail/team-mail';
import type { Erased } from '../server/ideas/erase-ideas';
import { ideasCsv, statusLabel } from '../server/ideas/ideas-csv';
import type { TeamIdea } from '../server/ideas/team-ideas';
import { closeFilesToOthers } from '../server/storage/data-dir-access';
import { CliError, processIo, runCommand, type CliIo } from './cli-connection';
import { connectTeamIdeas, type TeamIdeasClient } from './team-ideas-client';
import { leadReference } from '../domain/lead-reference';
import { retentionPromise } from '../content/privacy';

export { ideasCsv, statusLabel };

const USAGE = `사용법: npm run ideas -- <명령>
  list [--limit N] [--spam]   최근 아이디어 목록 (기본 50개; --spam: 스팸 보관함만)
  show <접수 번호> [--save-memo 파일]
                              한 건의 전체 내용과 발송 상태 (번호 앞 6자 이상); 음성 메모를 파일로 저장
  retry <접수 번호> [--force]  메일 다시 보내기 (실패·대기 건; 발송 완료 건은 --force)
  release <접수 번호>          스팸 보관함의 아이디어를 팀에 일반 신청으로 보내기 (한 번만)
  close <접수 번호>            상담 종료로 표시 (보관 기간이 이날부터 계산됩니다)
  delete <전체 접수 번호>      삭제 요청 처리: 아이디어와 관련 기록을 모두 지웁니다
  export --csv [--out 파일]    전체를 CSV(UTF-8 BOM, 엑셀용)로 내보내기`;

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function formatList(ideas: TeamIdea[]): string {
  if (ideas.length === 0) return '접수된 아이디어가 없습니다.';
  return ideas
    .map(
      (idea) =>
        `${leadReference(idea.id)}  ${formatKst(idea.receivedAt)}  ${oneLine(idea.name, 12)}  [${statusLabel(idea)}]  ${oneLine(idea.idea, 40)}`,
    )
    .join('\n');
}

export function formatShow(idea: TeamIdea): string {
  return [
    `접수 번호: ${idea.id}`,
    `접수 시각: ${formatKst(idea.receivedAt)} (KST)`,
    `이름: ${idea.name}`,
    `이메일: ${idea.email}`,
    `연락처: ${idea.phone || '(없음)'}`,
    `발송 상태: ${statusLabel(idea)} (시도 ${idea.attempts}회)`,
    ...(idea.sentAt ? [`발송 시각: ${formatKst(idea.sentAt)} (KST) → ${idea.deliveredTo ?? ''}`] : []),
    ...(idea.lastError ? [`마지막 오류: ${idea.lastError}`] : []),
    ...(idea.releasedAt ? [`스팸 보관함에서 꺼낸 시각: ${formatKst(idea.releasedAt)} (KST)`] : []),
    ...(idea.closedAt ? [`상담 종료: ${formatKst(idea.closedAt)} (KST)`] : []),
    ...(idea.clientIp ? [`접속 IP: ${idea.clientIp} (일정 기간 후 자동 삭제)`] : []),
    ...(idea.memo
      ? [
          `음성 메모: ${formatMemoDuration(idea.memo.durationMs)} (${idea.memo.mimeType}, ${Math.max(1, Math.round(idea.memo.byteSize / 1024))} KB)` +
            ` — 저장: npm run ideas -- show ${leadReference(idea.id)} --save-memo ${voiceMemoFileName(idea.id, idea.memo.mimeType)}`,
        ]
      : []),
    '',
    idea.idea || (idea.memo ? '(글 없이 음성 메모로 보냈습니다)' : ''),
  ].join('\n');
}

export function formatErased(id: string, erased: Erased): string {
  return [
    `${id}: 삭제했습니다.`,
    `- 아이디어와 연락처 ${erased.ideas}건`,
    `- 메일 발송 기록 ${erased.outboxRows}건`,
    `- 중복 접수 방지 기록 ${erased.idempotencyKeys}건`,
    `- 음성 메모 ${erased.voiceMemos}건`,
    `- 신청자와 주고받은 메시지 ${erased.messages}건 (답변 음성 메모 ${erased.threadMemos}건, 견적서 ${erased.quotes}건)`,
    `- 메일 파일(.eml) ${erased.mailFiles}개`,
    // A concluded agreement's records are moved apart, not erased (decision 160).
    ...(erased.contractsKept > 0
      ? [
          `체결된 계약의 기록 ${erased.contractsKept}건은 법령에 따라 신청과 분리해 계약일로부터 ${retentionPromise.contractYears}년 동안 보관한 뒤 파기합니다.`,
        ]
      : []),
    '팀 메일함에 이미 도착한 메일은 메일함에서 직접 지워주세요.',
  ].join('\n');
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

async function run(client: TeamIdeasClient, args: string[], { out, err }: CliIo): Promise<number> {
  const [command, target] = args;
  switch (command) {
    case 'list': {
      const limit = Number(option(args, '--limit') ?? 50);
      const spam = args.includes('--spam');
      const ideas = await client.list(Number.isFinite(limit) && limit > 0 ? Math.min(limit, 1000) : 50, spam);
      out(spam && ideas.length === 0 ? '스팸 보관함이 비어 있습니다.' : formatList(ideas));
      return 0;
    }
    case 'show': {
      if (!target) throw new CliError(USAGE);
      const idea = await client.find(target);
      if (!idea) throw new CliError(`접수 번호 ${target}에 해당하는 아이디어가 없습니다.`);
      out(formatShow(idea));
      const saveTo = option(args, '--save-memo');
      if (saveTo !== undefined) {
        const memo = idea.memo ? await client.voiceMemo(idea.id) : undefined;
        if (!memo) throw new CliError('이 아이디어에는 음성 메모가 없습니다.');
        fs.writeFileSync(saveTo, memo);
        err(`음성 메모를 ${saveTo}에 저장했습니다 (${memo.length.toLocaleString('ko-KR')}바이트).`);
      }
      return 0;
    }
    case 'retry': {
      if (!target) throw new CliError(USAGE);
      const result = await client.retry(target, args.includes('--force'));
      if (!result.ok) {
        const reasons = {
          not_found: `접수 번호 ${target}에 해당하는 아이디어가 없습니다.`,
          already_sent: '이미 발송된 메일입니다. 다시 보내려면 --force 를 붙여주세요.',
          in_flight: '지금 발송 중입니다. 잠시 후 상태를 확인해주세요.',
          spam: '스팸 보관함에 있는 아이디어입니다. 팀에 보내려면 release 명령을 써주세요.',
        };
        throw new CliError(reasons[result.reason]);
      }
      out(
        `${result.idea.id}: 메일을 다시 보내도록 대기열에 넣었습니다 (${statusLabel(result.idea)}).` +
          (client.workerRunning ? '' : ' 서버가 실행되면 발송됩니다.'),
      );
      return 0;
    }
    case 'release': {
      if (!target) throw new CliError(USAGE);
      const result = await client.release(target);
      if (!result.ok) {
        const reasons = {
          not_found: `접수 번호 ${target}에 해당하는 아이디어가 없습니다.`,
          not_spam: '스팸 보관함에 있는 아이디어가 아닙니다. 메일을 다시 보내려면 retry 명령을 써주세요.',
          already_released: '이미 스팸 보관함에서 꺼내 팀에 보낸 아이디어입니다.',
        };
        throw new CliError(reasons[result.reason]);
      }
      out(
        `${result.idea.id}: 스팸 보관함에서 꺼내 팀에 보내도록 대기열에 넣었습니다.` +
          (client.workerRunning ? '' : ' 서버가 실행되면 발송됩니다.'),
      );
      return 0;
    }
    case 'close': {
      if (!target) throw new CliError(USAGE);
      const idea = await client.closeConsultation(target);
      if (!idea) throw new CliError(`접수 번호 ${target}에 해당하는 아이디어가 없습니다.`);
      out(`${idea.id}: ${formatKst(idea.closedAt!)}에 상담 종료로 표시했습니다. 보관 기간은 이날부터 계산합니다.`);
      return 0;
    }
    case 'delete': {
      if (!target) throw new CliError(USAGE);
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(target.trim())) {
        throw new CliError('삭제는 전체 접수 번호(36자)로만 할 수 있습니다. show 명령으로 번호를 확인해주세요.');
      }
      const erased = await client.erase(target);
      if (!erased) throw new CliError(`접수 번호 ${target}에 해당하는 아이디어가 없습니다.`);
      out(formatErased(target.trim().toLowerCase(), erased));
      return 0;
    }
    case 'export': {
      if (!args.includes('--csv')) throw new CliError('지원하는 형식은 --csv 입니다.\n' + USAGE);
      const csv = ideasCsv(await client.all());
      const file = option(args, '--out');
      if (file) {
        fs.writeFileSync(file, csv);
        err(`${file}에 저장했습니다.`);
      } else out(csv.replace(/\r\n$/, ''));
      return 0;
    }
    default:
      throw new CliError(USAGE);
  }
}

export async function main(args: string[], io: CliIo = processIo): Promise<number> {
  return runCommand(io, connectTeamIdeas, async (client) => {
    if (args[0] !== 'export') io.err(`(${client.via})`);
    return run(client, args, io);
  });
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  if (!closeFilesToOthers()) throw new Error('umask 077 could not be set'); // files it writes are 0600 (decision 077)
  process.exitCode = await main(process.argv.slice(2));
}
