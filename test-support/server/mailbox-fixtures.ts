/**
 * Founders' replies as their mail clients write them (mailbox-fixtures/*.eml, decision 127): Gmail in Korean
 * (plain and HTML alternatives, 「…님이 작성:」 and a "-- " signature) and in English (its attribution wrapped onto two
 * lines), Naver (HTML only, "-----Original Message-----"), Daum ("------- Original Message -------"), Outlook in
 * ks_c_5601-1987 (「보낸 사람:」 header block, a PDF attached), Apple Mail on an iPhone (「… 작성:」 quoted, a voice
 * memo attached), an out-of-office auto-reply and a Postfix bounce. The files are kept readable: placeholders fill in
 * the addresses and ids of the test's lead, and encode what a client encodes (base64, quoted-printable, encoded words,
 * the Korean legacy charset), so the bytes the reader gets are a client's.
 */
import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';

export type MailboxFixture =
  'gmail-ko' | 'gmail-en' | 'naver-html' | 'daum' | 'outlook' | 'apple-mail-memo' | 'auto-reply' | 'bounce';

export interface FixtureValues {
  /** The founder's address (From). */
  from: string;
  /** Where the reply goes: the lead's plus address. */
  to: string;
  /** The team mail it answers (In-Reply-To, References). */
  root: string;
  /** This mail's own Message-ID. */
  messageId: string;
}

const DIR = path.join(import.meta.dirname, 'mailbox-fixtures');
const AUDIO = path.join(import.meta.dirname, 'memo-fixtures', 'chromium-audio.mp4');

/** The audio the Apple Mail fixture attaches (its voice memo), as bytes. */
export const FIXTURE_AUDIO = () => fs.readFileSync(AUDIO);

const wrap = (text: string) => text.replace(/.{1,76}/g, '$&\n').trimEnd();
const base64 = (bytes: Buffer) => wrap(bytes.toString('base64'));

function quotedPrintable(text: string): string {
  const lines = text.split('\n').map((line) => {
    let out = '';
    let width = 0;
    for (const byte of Buffer.from(line, 'utf8')) {
      const plain = byte >= 33 && byte <= 126 && byte !== 61;
      const piece =
        plain || byte === 32 ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      if (width + piece.length > 75) {
        out += '=\n';
        width = 0;
      }
      out += piece;
      width += piece.length;
    }
    return out.replace(/ $/, '=20');
  });
  return lines.join('\n');
}

/** The fixture's bytes for this lead, with CRLF line ends as on the wire. */
export function mailboxFixture(name: MailboxFixture, values: FixtureValues): Buffer {
  let text = fs
    .readFileSync(path.join(DIR, `${name}.eml`), 'utf8')
    .replaceAll('{{FROM}}', values.from)
    .replaceAll('{{TO}}', values.to)
    .replaceAll('{{ROOT}}', values.root)
    .replaceAll('{{MESSAGE_ID}}', values.messageId);
  text = text
    .replace(/\{\{BASE64:([\s\S]*?)\}\}/g, (_, body: string) => base64(Buffer.from(body, 'utf8')))
    .replace(/\{\{EUCKR_BASE64:([\s\S]*?)\}\}/g, (_, body: string) => base64(iconv.encode(body, 'cp949')))
    .replace(/\{\{QP:([\s\S]*?)\}\}/g, (_, body: string) => quotedPrintable(body))
    .replace(/\{\{WORD:(.*?)\}\}/g, (_, word: string) => `=?UTF-8?B?${Buffer.from(word, 'utf8').toString('base64')}?=`)
    .replace(
      /\{\{EUCKR_WORD:(.*?)\}\}/g,
      (_, word: string) => `=?ks_c_5601-1987?B?${iconv.encode(word, 'cp949').toString('base64')}?=`,
    )
    .replace('{{AUDIO_BASE64}}', () => base64(FIXTURE_AUDIO()));
  return Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'utf8');
}
