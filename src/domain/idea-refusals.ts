/**
 * What the idea form tells a visitor when a submission does not go through, by what the visitor can do about it
 * (docs/decisions/078): fix a field (the schema's own messages, idea.ts), shorten the text, re-record the memo, wait
 * for the time the server names, or reload the page. "Try again" only where trying again can work. The server's
 * Korean message is shown when its answer carries one; these stand in when it does not (e.g. a proxy's own 413 page).
 */
import { VOICE_MEMO_MAX_MS } from './voice-memo';

const memoMinutes = Math.floor(VOICE_MEMO_MAX_MS / 60_000);

export const IDEA_REFUSALS = {
  tooLarge: { title: '보내신 내용이 너무 깁니다', description: '아이디어를 조금 줄여서 다시 보내주세요.' },
  memoTooLarge: {
    title: '음성 메모가 너무 큽니다',
    description: `${memoMinutes}분 이내로 더 짧게 다시 녹음하거나, 아이디어를 글로 적어 보내주세요.`,
  },
  memoUnsupported: {
    title: '음성 메모를 보내지 못했습니다',
    description: '녹음을 지우고 다시 녹음하거나, 아이디어를 글로 적어 보내주세요.',
  },
  memoIncomplete: {
    title: '음성 메모가 끝까지 전송되지 않았습니다',
    description: '인터넷 연결을 확인한 뒤 다시 보내주세요.',
  },
  refused: { title: '신청서를 보내지 못했습니다', description: '페이지를 새로고침한 뒤 다시 보내주세요.' },
  rateLimited: { title: '잠시 후 다시 보내주세요', description: '짧은 시간에 신청이 많이 들어왔습니다.' },
} as const;

/** "3분", "1시간 30분", "40초": a wait as the visitor reads it (minutes and hours rounded up). */
export function koreanWait(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.ceil(seconds))}초`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes}분`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours}시간` : `${hours}시간 ${minutes % 60}분`;
}

/** The 429 notice's line: when the visitor may send again. */
export const retryAfterLine = (seconds: number) => `${koreanWait(seconds)} 후에 다시 보내주세요.`;
