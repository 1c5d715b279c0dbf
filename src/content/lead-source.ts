/**
 * The lead's source in the team's words (decision 134): the channels' names, the lead page's and the inbox filter's
 * labels, the CSV's columns; the channels' names also in the founder's download (its key: status-page.ts). 해요체
 * as the workspace.
 */
/** Keyed by domain/lead-source.ts's CHANNELS (its users type it as Record<Channel, string>: a missing one fails there). */
export const channelLabels = {
  search: '검색',
  social: '소셜',
  blog: '블로그',
  direct: '직접',
  other: '기타',
  unknown: '알 수 없음',
} as const;

export const leadSourceCopy = {
  heading: '유입 경로',
  channel: '채널',
  source: '출처',
  medium: '매체',
  campaign: '캠페인',
  none: '—',
  /** What `unknown` means on the lead page. */
  unknownNote: '출처를 기록하기 전에 받았거나, 자바스크립트 없이 보낸 신청이라 어디서 왔는지 알 수 없어요.',
  filter: '유입 채널',
  filterAll: '모든 채널',
  csvColumns: { channel: '유입 채널', source: '유입 출처', medium: '유입 매체', campaign: '유입 캠페인' },
} as const;
