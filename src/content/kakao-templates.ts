/**
 * The KakaoTalk 알림톡 templates the founder may receive (issue 49, part 2), each text exactly as registered with
 * Kakao through the provider: Kakao refuses a message whose text differs from its approved template by a character,
 * so this file is what the agency registers (copy each text and its button as they are) and what the server sends
 * (server/kakao/). `#{…}` are the template's variables, filled by the server with the reference, KST times already
 * formatted and the status link; never anything the founder typed. Informational only (no advertising), each with
 * the status link as its one button. 합니다체, as the founder's mails.
 */

export const KAKAO_TEMPLATE_KEYS = [
  'receipt',
  'message',
  'quote',
  'meeting_invitation',
  'meeting_changed',
  'meeting_cancelled',
  'meeting_day_before',
  'meeting_hour_before',
  'prototype_delivered',
] as const;
export type KakaoTemplateKey = (typeof KAKAO_TEMPLATE_KEYS)[number];

/** The variables a template may use, by the name Kakao shows in `#{…}`. */
export const KAKAO_VARIABLES = {
  reference: '접수번호',
  promisedBy: '약속시각',
  meetingAt: '미팅일시',
  statusLink: '진행상황링크',
} as const;
export type KakaoVariable = keyof typeof KAKAO_VARIABLES;

export interface KakaoTemplate {
  /** The text as registered, with its `#{…}` variables. */
  text: string;
  /** The one button: a web link to the founder's status page (its URL is the `#{진행상황링크}` variable). */
  button: { name: string; link: string };
}

const statusButton = { name: '진행 상황 보기', link: '#{진행상황링크}' } as const;

export const kakaoTemplates: Record<KakaoTemplateKey, KakaoTemplate> = {
  receipt: {
    text:
      '[24시간 MVP] 아이디어가 접수되었습니다.\n\n접수 번호: #{접수번호}\n프로토타입 약속 시각: #{약속시각} (한국 시간)\n\n' +
      '진행 상황은 아래 버튼에서 확인하실 수 있습니다. 카카오톡 알림은 진행 상황 페이지에서 언제든 끌 수 있습니다.',
    button: statusButton,
  },
  message: {
    text:
      '[24시간 MVP] 접수 번호 #{접수번호}에 팀의 새 메시지가 도착했습니다.\n\n' +
      '메시지는 아래 버튼의 진행 상황 페이지에서 확인하고 답하실 수 있습니다.',
    button: statusButton,
  },
  quote: {
    text:
      '[24시간 MVP] 접수 번호 #{접수번호}의 견적서가 도착했습니다.\n\n' +
      '견적 내용은 아래 버튼의 진행 상황 페이지에서 확인하실 수 있습니다.',
    button: statusButton,
  },
  meeting_invitation: {
    text:
      '[24시간 MVP] 접수 번호 #{접수번호}의 미팅이 예약되었습니다.\n\n미팅 일시: #{미팅일시} (한국 시간)\n\n' +
      '시간 변경과 취소는 아래 버튼의 진행 상황 페이지에서 하실 수 있습니다.',
    button: statusButton,
  },
  meeting_changed: {
    text:
      '[24시간 MVP] 접수 번호 #{접수번호}의 미팅 시간이 변경되었습니다.\n\n바뀐 미팅 일시: #{미팅일시} (한국 시간)\n\n' +
      '자세한 내용은 아래 버튼의 진행 상황 페이지에서 확인하실 수 있습니다.',
    button: statusButton,
  },
  meeting_cancelled: {
    text:
      '[24시간 MVP] 접수 번호 #{접수번호}의 #{미팅일시} (한국 시간) 미팅이 취소되었습니다.\n\n' +
      '새 미팅은 아래 버튼의 진행 상황 페이지에서 다시 예약하실 수 있습니다.',
    button: statusButton,
  },
  meeting_day_before: {
    text:
      '[24시간 MVP] 내일 미팅이 있습니다.\n\n접수 번호: #{접수번호}\n미팅 일시: #{미팅일시} (한국 시간)\n\n' +
      '시간 변경과 취소는 아래 버튼의 진행 상황 페이지에서 하실 수 있습니다.',
    button: statusButton,
  },
  meeting_hour_before: {
    text:
      '[24시간 MVP] 한 시간 뒤에 미팅이 시작됩니다.\n\n접수 번호: #{접수번호}\n미팅 일시: #{미팅일시} (한국 시간)\n\n' +
      '참여 방법은 아래 버튼의 진행 상황 페이지에서 확인하실 수 있습니다.',
    button: statusButton,
  },
  prototype_delivered: {
    text:
      '[24시간 MVP] 접수 번호 #{접수번호}의 프로토타입이 준비되었습니다.\n\n' +
      '아래 버튼의 진행 상황 페이지에서 프로토타입을 바로 확인하실 수 있습니다.',
    button: statusButton,
  },
};

/** The variables a template's text and button use, in order of appearance. */
export function templateVariables(template: KakaoTemplate): string[] {
  const text = `${template.text}\n${template.button.link}`;
  return [...new Set([...text.matchAll(/#\{([^}]+)\}/g)].map((match) => match[1]!))];
}

/** The template's text with its variables filled in (`values` by Kakao's names); a missing one throws. */
export function renderTemplate(template: KakaoTemplate, values: Record<string, string>): string {
  return template.text.replace(/#\{([^}]+)\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`template variable #{${name}} has no value`);
    return value;
  });
}
