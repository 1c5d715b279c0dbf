/**
 * The founder's new words in a reply (decision 127): the quoted history and the signature cut off, by a rule set
 * tested on each client's own quoting (test-support/server/mailbox-fixtures/): a line that introduces the quote —
 * Gmail's and Apple Mail's "On … wrote:" and Korean 「… 작성:」 (also split over two lines), Outlook's header
 * block (From:/보낸 사람: followed by Sent:/보낸 날짜:), Naver's and Daum's "-----Original Message-----" and
 * 「원본 메일」 rules, the underscores line before Outlook's header — and everything after it; lines quoted with
 * `>`; an RFC 3676 signature ("-- ") and the phones' "Sent from …" / 「… 에서 보냄」 lines at the end. An HTML-only
 * mail is turned into text first (html-to-text, through mailparser), its blockquotes becoming `>` lines.
 */

/** A line that starts the quoted history: everything from it on is the team's earlier mail. */
const QUOTE_STARTS: RegExp[] = [
  // Gmail, Apple Mail, Thunderbird (English): "On Sat, Nov 28, 2026 at 2:03 PM Team <a@b> wrote:"
  /^\s*On .{4,300}wrote:\s*$/i,
  // Gmail and Apple Mail in Korean: "2026년 11월 28일 (토) 오후 2:03, 팀 <a@b>님이 작성:", "2026. 11. 28. 오후 2:03, 팀 <a@b> 작성:"
  /^\s*\d{4}[년.\-/].{2,300}작성:?\s*$/,
  /^.{0,300}님이 작성:?\s*$/,
  // Outlook, Naver, Daum: rules before the forwarded header block
  /^\s*-{2,}\s*(Original Message|Forwarded message|원본 메일|원본 메시지|전달된 메시지)\s*-{2,}\s*$/i,
  /^\s*_{10,}\s*$/,
  // Outlook's header block without a rule: "From: …" or "보낸 사람: …" (checked with the next lines below)
];

/** Outlook's quoted header: a From line followed within three lines by a Sent/Date line. */
const HEADER_FROM = /^\s*\*?(From|보낸 사람|보낸사람)\s*:\*?\s*\S/i;
const HEADER_SENT = /^\s*\*?(Sent|Date|보낸 날짜|날짜|Subject|제목)\s*:\*?\s*\S/i;

/** Signature and mobile footers (at the end only). */
const SIGNATURE_LINE = /^-- ?$/;
const FOOTERS: RegExp[] = [
  /^\s*Sent from my \S.*$/i,
  /^\s*Sent from (Mail|Outlook|Naver Mail|Daum Mail).*$/i,
  /^\s*Get Outlook for .*$/i,
  /^\s*.{0,20}Outlook 받기\s*$/,
  /^\s*.{1,40}에서 보냄\s*$/,
  /^\s*.{1,40}에서 보낸 메일\s*$/,
];

function quoteStartsAt(lines: string[], index: number): boolean {
  const line = lines[index]!;
  if (QUOTE_STARTS.some((pattern) => pattern.test(line))) return true;
  // A Gmail attribution wrapped onto two lines: "On Sat, … Team <" / "a@b> wrote:" or "…, 팀" / "<a@b>님이 작성:"
  const next = lines[index + 1];
  if (next !== undefined && /(wrote:|작성:)\s*$/.test(next) && /^\s*(On |\d{4}[년.\-/])/.test(line)) return true;
  if (HEADER_FROM.test(line)) return lines.slice(index + 1, index + 4).some((following) => HEADER_SENT.test(following));
  return false;
}

/** The reply's own words: `text` up to its quoted history, without quoted lines, signature or phone footer. */
export function newWords(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .replace(/\u00a0/g, ' ')
    .split('\n');
  let end = lines.length;
  for (let index = 0; index < lines.length; index += 1) {
    if (quoteStartsAt(lines, index)) {
      end = index;
      break;
    }
  }
  let kept = lines.slice(0, end).filter((line) => !/^\s*>/.test(line));
  const signature = kept.findIndex((line) => SIGNATURE_LINE.test(line));
  if (signature >= 0) kept = kept.slice(0, signature);
  // Trailing blank lines and phone footers, from the end.
  while (kept.length > 0) {
    const last = kept[kept.length - 1]!;
    if (last.trim() === '' || FOOTERS.some((footer) => footer.test(last))) kept.pop();
    else break;
  }
  while (kept.length > 0 && kept[0]!.trim() === '') kept.shift();
  return kept
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}
