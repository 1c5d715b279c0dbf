/**
 * The lead's reply address (decision 126) through the real intake, the workspace API and a real SMTP server: with
 * REPLY_TO_EMAIL, the confirmation and a team message answer to the same unguessable plus address, bounce to it
 * (the envelope's sender), and carry Message-ID / In-Reply-To / References that put them in one conversation;
 * the token is stored, one per lead, and goes with the idea's erasure. Without REPLY_TO_EMAIL, Reply-To is the team.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leadThreadMessagesPath } from '../../domain/thread';
import { PRIVACY_VERSION } from '../../content/privacy-version';
import type { IdeaReceipt } from '../../domain/idea';
import { ideaBody, submitIdea } from '../../../test-support/server/intake-client';
import { signedIn } from '../../../test-support/server/lead-fixtures';
import { DELIVERY_TEST_ENV, intakeSuite } from '../../../test-support/server/test-app';
import { eraseIdeas } from '../ideas/erase-ideas';
import { newReplyToken, plusAddress, tokenInAddress, tokenInMessageId } from './reply-address';

const FOUNDER = 'jiwoo@example.com';

describe('the reply address', () => {
  it('is 160 random bits in base32, put in and read back from the plus part and our Message-IDs', () => {
    const tokens = new Set(Array.from({ length: 200 }, newReplyToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{32}$/);
    const token = [...tokens][0]!;
    expect(plusAddress('reply@mvp24.example', token)).toBe(`reply+${token}@mvp24.example`);
    expect(tokenInAddress(`Reply+${token.toUpperCase()}@MVP24.example`, 'reply@mvp24.example')).toBe(token);
    expect(tokenInAddress(`other+${token}@mvp24.example`, 'reply@mvp24.example')).toBeUndefined();
    expect(tokenInMessageId(`<message.0f3c-1a.${token}@mvp24.example>`, 'mvp24.example')).toBe(token);
    expect(tokenInMessageId(`<message.0f3c-1a.${token}@elsewhere.example>`, 'mvp24.example')).toBeUndefined();
  });

  describe('on the founder mails', () => {
    const suite = intakeSuite('pglite');

    it('answers to the lead plus address, bounces to it, and threads the confirmation and a team message', async () => {
      const app = await suite.start({
        ...DELIVERY_TEST_ENV,
        FOUNDER_MAIL: 'true',
        REPLY_TO_EMAIL: 'reply@mvp24.example',
      });
      const receipt = (
        await submitIdea(app, ideaBody({ email: FOUNDER, consentVersion: PRIVACY_VERSION }))
      ).json<IdeaReceipt>();
      const [confirmation] = await suite.smtp.waitForMails((mail) => mail.envelopeTo.includes(FOUNDER));
      const [stored] = await app.database.rows<{ token: string }>(
        sql`select token from reply_addresses where idea_id = ${receipt.id}::uuid`,
      );
      const token = stored!.token;
      expect(token).toMatch(/^[a-z2-7]{32}$/);
      expect(confirmation!.raw).not.toContain(receipt.id);
      expect(confirmation!.parsed.replyTo?.value[0]?.address).toBe(`reply+${token}@mvp24.example`);
      expect(confirmation!.envelopeFrom).toBe(`reply+${token}@mvp24.example`);
      const root = `<confirmation.${token}@mvp24.example>`;
      expect(confirmation!.parsed.messageId).toBe(root);
      expect(confirmation!.parsed.inReplyTo).toBeUndefined();

      const { headers } = await signedIn(app.database);
      const sent = await app.inject({
        method: 'POST',
        url: leadThreadMessagesPath(receipt.id),
        headers,
        payload: { body: '안녕하세요, 한 가지 여쭙겠습니다.' },
      });
      expect(sent.statusCode).toBe(200);
      const [message] = await suite.smtp.waitForMails(
        (mail) => mail.envelopeTo.includes(FOUNDER) && mail.parsed.messageId !== root,
      );
      expect(message!.parsed.replyTo?.value[0]?.address).toBe(`reply+${token}@mvp24.example`);
      expect(message!.parsed.messageId).toMatch(new RegExp(`^<message\\.[0-9a-f-]{36}\\.${token}@mvp24\\.example>$`));
      expect(message!.parsed.inReplyTo).toBe(root);
      expect(message!.parsed.references).toBe(root);

      await eraseIdeas(app.database, [receipt.id], app.config.dataDir);
      expect(await app.database.rows(sql`select 1 from reply_addresses`)).toEqual([]);
    });

    it('keeps Reply-To on the team without REPLY_TO_EMAIL, still threaded', async () => {
      const app = await suite.start({ ...DELIVERY_TEST_ENV, FOUNDER_MAIL: 'true' });
      await submitIdea(app, ideaBody({ email: FOUNDER, consentVersion: PRIVACY_VERSION }));
      const [confirmation] = await suite.smtp.waitForMails((mail) => mail.envelopeTo.includes(FOUNDER));
      expect(confirmation!.parsed.replyTo?.value[0]?.address).toBe('team@mvp24.example');
      expect(confirmation!.envelopeFrom).toBe('no-reply@mvp24.example');
      expect(confirmation!.parsed.messageId).toMatch(/^<confirmation\.[a-z2-7]{32}@mvp24\.example>$/);
    });
  });
});
