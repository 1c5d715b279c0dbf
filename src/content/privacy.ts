/** The privacy policy (개인정보처리방침) for the data the idea form collects. Operator details come from the build's site settings. */
import { site, type SiteSettings } from './site';

export interface PolicySection {
  title: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}

/**
 * What the policy promises about keeping data; the server's defaults (IDEA_RETENTION_DAYS, IP_RETENTION_DAYS,
 * IMAP_UNMATCHED_DAYS: a reply by mail that names no request, decision 142) are these numbers, so the product does what the page says unless an operator changes both. `backupDays` is how
 * long a backup is kept (docs/deploy.md rotates them at this age): an erased idea can outlive its erasure only in a
 * backup made before it, and for at most this long (decision 077). `purgeMinutes` bounds how long an erased
 * idea's bytes stay in the database's files after the erasure answered (the background purge, decision 105; its
 * schedule is checked against this number in src/server/jobs/erasure-purge.test.ts).
 */
export const retentionPromise = {
  ideaDays: 365,
  ipDays: 7,
  backupDays: 30,
  vitalsDays: 400,
  unmatchedMailDays: 30,
  purgeMinutes: 5,
  /**
   * Years a concluded service agreement's records (the agreement, its signatures, the tax-invoice details, the
   * deposit's receipt) are kept from the day it was concluded: 전자상거래법 시행령 제6조 (계약 또는 청약철회 등에
   * 관한 기록, 대금결제 및 재화 등의 공급에 관한 기록: 5년). Erasing the lead before then moves these records to a
   * table of their own, kept apart until this long after the conclusion (decision 160).
   */
  contractYears: 5,
} as const;

const sections: readonly PolicySection[] = [
  {
    title: '1. 수집하는 개인정보 항목',
    paragraphs: ['회사는 외주 서비스 신청서를 통해 다음 정보를 받습니다.'],
    items: [
      '필수: 아이디어 내용(글 또는 음성 메모), 이름, 이메일 주소',
      '선택: 연락처(전화번호)',
      '진행 상황 페이지를 이용하는 경우: 팀과 주고받은 메시지, 답변에 첨부한 음성 메모, 견적서와 견적에 동의하며 적은 성함(서명)·동의 시각(신청 정보와 함께 보관하고 함께 파기합니다)',
      `안내 메일에 답장한 경우: 답장에서 새로 쓰신 내용(인용된 이전 메일과 서명은 빼고)과 첨부한 음성 메모를 팀과 주고받은 메시지로 보관합니다. 다른 첨부 파일과 자동 응답은 보관하지 않고, 메일이 반송되면 그 주소로 메일이 닿지 않는다는 사실만 기록합니다. 안내 메일의 회신 주소에는 신청마다 다른 임의의 값이 들어 있어 답장이 어느 신청의 것인지 알아봅니다(신청 정보와 함께 보관하고 함께 파기합니다). 답장의 원본은 회사 메일함에 남으며, 신청을 파기할 때(삭제 요청이나 보관 기간 만료) 그 메일도 회사 메일함에서 지웁니다. 메일이 반송되면 그 주소로는 더 이상 메일을 보내지 않습니다(카카오톡 알림을 받기로 하셨다면 알림톡은 계속 보냅니다). 어느 신청의 답장인지 알 수 없는 메일은 팀원만 확인해 해당 신청의 대화에 넣거나 무시하며, 누가 확인했는지 기록하고, 받은 날로부터 ${retentionPromise.unmatchedMailDays}일이 지나면 원본과 함께 지웁니다.`,
      `자동 수집: 접수 시각, 자동 등록 방지를 위한 접속 IP 주소(${retentionPromise.ipDays}일 후 자동 삭제), 신청서까지 들어온 경로(광고나 공유 링크에 붙은 캠페인 이름, 이전에 보던 사이트의 도메인. 신청 정보와 함께 보관하고 함께 파기합니다)`,
      '미팅을 예약한 경우: 예약한 미팅의 일시와 방식, 변경·취소 기록(신청 정보와 함께 보관하고 함께 파기합니다)',
      '계약서에 서명한 경우: 서명으로 적은 성함과 서명 시각, 세금계산서·현금영수증 발행 정보(사업자는 사업자등록번호, 상호, 대표자, 업태·종목, 세금계산서를 받을 이메일 주소, 개인은 현금영수증 번호(선택)), 계약금 입금 확인 시각',
      '카카오톡 알림을 받기로 선택한 경우: 연락처에 적은 휴대폰 번호와 알림 발송 기록(신청 정보와 함께 보관하고 함께 파기합니다)',
    ],
  },
  {
    title: '2. 개인정보의 이용 목적',
    items: [
      '아이디어 검토와 프로토타입 제작',
      '견적과 개발 범위 안내, 상담 일정 연락',
      '계약 체결과 이행, 세금계산서·현금영수증 발행',
      '자동 등록과 부정 이용 방지',
    ],
  },
  {
    title: '3. 보유 기간과 파기',
    paragraphs: [
      `신청 정보는 상담이 끝난 날로부터 ${retentionPromise.ideaDays / 365}년(상담으로 이어지지 않은 신청은 접수한 날로부터 ${retentionPromise.ideaDays / 365}년)까지 보관한 뒤 지체 없이 파기합니다. 이용자가 삭제를 요청하면 바로 파기합니다. 다만 계약을 맺은 경우에는 계약에 관한 기록만 아래와 같이 법령에 따라 따로 보관합니다.`,
      `전자 파일은 복구할 수 없는 방법으로 삭제합니다. 파기하면 그 즉시 신청 정보를 지워 더는 보이거나 쓰이지 않게 하고, 음성 메모는 메모마다 따로 만든 암호 키를 지워 그 순간부터 누구도 들을 수 없게 합니다. 데이터베이스 파일과 데이터베이스의 변경 기록(로그) 파일에 남은 흔적도 ${retentionPromise.purgeMinutes}분 안에 지우며, 서버를 다시 시작해도 되살아나지 않습니다. 출력물은 분쇄하거나 소각합니다.`,
      `계약을 맺은 경우, 계약서와 양측의 서명 기록, 세금계산서·현금영수증 발행 정보와 계약금 입금 기록은 「전자상거래 등에서의 소비자보호에 관한 법률」에 따라(계약 또는 청약철회 등에 관한 기록, 대금결제 및 재화 등의 공급에 관한 기록) 계약을 맺은 날로부터 ${retentionPromise.contractYears}년 동안 보관한 뒤 지체 없이 파기합니다. 그 전에 신청 정보를 파기하는 경우(이용자의 삭제 요청이나 보관 기간 만료)에는 이 기록만 다른 개인정보와 분리해 따로 보관하고, 나머지는 바로 파기합니다. 따로 보관하는 기록에는 아이디어 내용, 연락처, 음성 메모, 팀과 주고받은 메시지가 들어 있지 않습니다. 이 기록은 법령이 정한 목적 외에는 이용하지 않으며, 대표와 대표가 허용한 팀원만 열람할 수 있고 열람할 때마다 누가 열람했는지 기록합니다.`,
      `장애에 대비한 백업 파일에는 파기 전에 만든 사본이 남아 있을 수 있습니다. 백업은 암호화해 보관하고 복구 외의 목적으로는 열어 보지 않으며, 만든 날로부터 ${retentionPromise.backupDays}일이 지나면 삭제합니다. 따라서 파기한 정보도 늦어도 ${retentionPromise.backupDays}일 안에 백업에서 사라집니다. 백업으로 복구하는 경우에는 그 사이에 파기한 정보를 다시 파기합니다.`,
    ],
  },
  {
    title: '4. 쿠키 없이 집계하는 방문 통계',
    paragraphs: [
      '회사는 사이트가 실제 방문자의 기기에서 얼마나 빠르게 열리는지와 방문이 신청으로 이어지는 비율을 알기 위해 방문 통계를 직접 집계합니다. 외부 분석 서비스는 쓰지 않으며, 쿠키를 사용하지 않습니다.',
      '어느 경로로 들어와 신청했는지 알기 위해, 처음 들어온 페이지 주소의 캠페인 이름과 이전에 보던 사이트의 도메인만 브라우저 탭의 세션 저장소에 둡니다. 이 값은 탭을 닫으면 사라지고, 신청서를 보낼 때 신청 정보와 함께 전송합니다. 경로별 신청과 계약 건수는 날짜별 합계로만 집계하며, 신청을 파기하면 합계에서도 뺍니다.',
      `페이지를 닫을 때 페이지 주소, 기기 종류(휴대폰 또는 컴퓨터), 브라우저가 알려 주는 대략적인 통신 속도 등급, 화면이 표시되고 반응하는 속도, 신청서 작성 시작과 음성 메모 녹음 여부만 보냅니다. 처음 들어온 페이지에서는 경로별 방문 수를 세기 위해 그 페이지 주소의 캠페인 이름과 이전에 보던 사이트의 도메인을 함께 보냅니다. 서버는 이를 날짜별 합계에 더할 뿐 IP 주소, 브라우저 정보 전체, 방문자를 구별할 수 있는 어떤 값도 저장하지 않습니다(IP 주소는 지나치게 많은 요청을 막는 동안 서버 메모리에만 잠시 둡니다). 따라서 이 통계로는 누구의 방문인지 알 수 없습니다. 합계는 ${retentionPromise.vitalsDays}일 동안 보관한 뒤 삭제합니다.`,
    ],
  },
  {
    title: '5. 카카오톡 알림(선택)',
    paragraphs: [
      '신청서에서 카카오톡 알림을 받기로 선택하시면, 연락처에 적은 휴대폰 번호로 접수 확인, 팀의 메시지와 견적 도착, 미팅 예약·변경·취소와 하루 전·한 시간 전 안내, 프로토타입 전달 소식을 카카오톡 알림톡으로 보내드립니다. 알림톡을 받을 수 없는 경우 같은 내용을 문자(SMS/LMS)로 보내드립니다. 광고는 보내지 않습니다.',
      '이 선택은 개인정보 수집·이용 동의와 별개이며, 선택하지 않아도 신청할 수 있습니다. 진행 상황 페이지에서 언제든 그만 받을 수 있고, 그 뒤로는 메일로만 소식을 보내드립니다.',
    ],
  },
  {
    title: '6. 처리 위탁',
    paragraphs: [
      `회사는 신청 내용을 담당자에게 전달하기 위해 ${site.mailProvider}에 이메일 발송을 위탁합니다. 수탁자는 발송 목적 외에는 정보를 이용하지 않습니다.`,
      '카카오톡 알림을 선택한 경우, 알림톡과 문자 발송을 (주)솔라피(SOLAPI)에 위탁하며, 알림톡은 카카오를 거쳐 전달됩니다. 수탁자는 휴대폰 번호와 알림 내용을 발송 목적으로만 이용합니다.',
      '회사는 개인정보를 제3자에게 제공하지 않습니다.',
    ],
  },
  {
    title: '7. 이용자의 권리',
    paragraphs: [
      '이용자는 언제든지 자신의 개인정보를 열람하거나 정정, 삭제, 처리 정지를 요청할 수 있습니다. 아래 연락처로 요청하시면 지체 없이 처리합니다.',
      '개인정보 수집·이용에 동의하지 않을 권리가 있으며, 동의하지 않으시면 신청서를 접수할 수 없습니다.',
    ],
  },
  {
    title: '8. 안전성 확보 조치',
    items: [
      'HTTPS로 전송 구간 보호',
      '접근 권한 최소화와 접근 기록 관리',
      '저장 파일은 서버 운영 계정만 읽을 수 있도록 제한',
      '자동 등록 방지를 위한 요청 제한',
    ],
  },
];

/** The privacy policy, naming the operator the site was built for. */
export function privacyPolicy(operator: SiteSettings['operator']) {
  return {
    heading: '개인정보처리방침',
    effectiveDate: '시행일: 2026년 11월 22일',
    intro: `${operator.name}(이하 "회사")는 외주 서비스 신청서를 통해 받은 개인정보를 개인정보 보호법에 따라 안전하게 처리합니다. 이 방침은 수집하는 정보와 이용 목적, 보관 기간, 이용자의 권리를 안내합니다.`,
    sections,
    contact: {
      title: '9. 개인정보 보호책임자와 문의처',
      lines: [`운영자: ${operator.name}`, `개인정보 보호책임자: ${operator.representative}`],
      emailLabel: '이메일',
      email: operator.contactEmail,
    },
  } as const;
}
