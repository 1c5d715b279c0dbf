/**
 * Only our page can submit (decision 076), in Chromium: another site's page, served from a second local HTTP
 * server, fetches a form token server-side and makes its visitor's browser send ideas to our intake, once with its
 * script (`fetch(…, { mode: 'no-cors', body: FormData })`, which needs no CORS preflight) and once as a plain HTML
 * form posted across sites. Nothing is stored, neither as genuine nor in the spam folder (checked with the team's
 * own client, as `npm run ideas -- list` sees it), while the same multipart sent from our own page is taken.
 * Desktop project only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { connectTeamIdeas } from '../../src/cli/team-ideas-client';
import { intakePages } from '../../src/content/intake-pages';
import { FORM_TOKEN_ENDPOINT, IDEA_ENDPOINT, type FormTokenAnswer } from '../../src/domain/endpoints';
import { testConfig } from '../../src/server/config';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';

const INTAKE_PORT = 4280;
const ATTACKER_PORT = 4281;
/** Another site: another host name, another port. */
const ATTACKER = `http://localhost:${ATTACKER_PORT}`;

let intake: IntakeServer | undefined;
let attacker: http.Server | undefined;

const fields = {
  idea: '다른 사이트가 방문자를 시켜 보낸 아이디어입니다.',
  name: '모르는 방문자',
  email: 'visitor@example.com',
  phone: '',
  website: '',
};

/** The other site's page: a token fetched by its server, a script that posts with it, and a plain form. */
async function attackerPage(intakeBase: string): Promise<string> {
  const { token } = (await (await fetch(`${intakeBase}${FORM_TOKEN_ENDPOINT}`)).json()) as FormTokenAnswer;
  const action = `${intakeBase}${IDEA_ENDPOINT}`;
  const inputs = Object.entries({ ...fields, formToken: token })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('');
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>무료 아이디어 이벤트</title></head><body>
<form id="plain" method="post" action="${action}">${inputs}<button type="submit">보내기</button></form>
<script>
  window.attack = async () => {
    const body = new FormData(document.getElementById('plain'));
    // The answer is opaque to this page (or withheld from it altogether: Cross-Origin-Resource-Policy); the
    // request went all the same, which is all such a page wants.
    const post = (payload) => fetch(${JSON.stringify(action)}, { mode: 'no-cors', method: 'POST', body: payload }).then(() => 'opaque', (error) => error.name);
    return [await post(body), await post(new URLSearchParams(body))];
  };
</script></body></html>`;
}

test.beforeAll(async () => {
  // No fill-time wait: a token fetched a moment ago is as good as the other site's would be after a while.
  intake = await startIntakeServer(INTAKE_PORT, { FORM_MIN_FILL_MS: '0' });
  const base = intake.base;
  attacker = http.createServer((request, response) => {
    void attackerPage(base).then((html) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
    );
  });
  await new Promise<void>((resolve) => attacker!.listen(ATTACKER_PORT, '127.0.0.1', resolve));
  expect((attacker.address() as AddressInfo).port).toBe(ATTACKER_PORT);
});

test.afterAll(async () => {
  await new Promise((resolve) => (attacker ? attacker.close(resolve) : resolve(undefined)));
  await intake?.stop();
});

test("another site's page cannot make its visitor submit to our intake", async ({ page }) => {
  // What came back for each request to the intake: its status, or how the browser withheld an answer from the page.
  const intakeAnswers: (number | string)[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith(IDEA_ENDPOINT)) intakeAnswers.push(response.status());
  });
  page.on('requestfailed', (request) => {
    if (request.url().endsWith(IDEA_ENDPOINT)) intakeAnswers.push(request.failure()?.errorText ?? 'failed');
  });

  await page.goto(`${ATTACKER}/`);
  const sent = await page.evaluate(() => (window as unknown as { attack(): Promise<string[]> }).attack());
  expect(sent).toEqual(['TypeError', 'TypeError']);

  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith(IDEA_ENDPOINT)),
    page.locator('#plain button').click(),
  ]);
  expect(answer.status()).toBe(403);
  await expect(page.getByRole('heading', { name: intakePages.failed.title })).toBeVisible();
  // Every request reached the intake and was answered: the script's two were sent and their answers withheld from
  // the other site by our Cross-Origin-Resource-Policy (which does not stop the request, so the server must).
  expect(intakeAnswers).toEqual([
    'net::ERR_BLOCKED_BY_RESPONSE.NotSameOrigin',
    'net::ERR_BLOCKED_BY_RESPONSE.NotSameOrigin',
    403,
  ]);

  // The same multipart from our own page is taken: the check tells sites apart, it does not refuse the type.
  await page.goto(`${intake!.base}/privacy`);
  const receipt = await page.evaluate(
    async ({ endpoint, tokenEndpoint, idea }) => {
      const { token } = (await (await fetch(tokenEndpoint)).json()) as { token: string };
      const body = new FormData();
      for (const [name, value] of Object.entries({ ...idea, formToken: token })) body.append(name, value);
      const response = await fetch(endpoint, { method: 'POST', body });
      return { status: response.status, id: ((await response.json()) as { id: string }).id };
    },
    {
      endpoint: IDEA_ENDPOINT,
      tokenEndpoint: FORM_TOKEN_ENDPOINT,
      idea: { ...fields, idea: '우리 페이지에서 보낸 아이디어입니다.' },
    },
  );
  expect(receipt.status).toBe(202);

  const team = await connectTeamIdeas(testConfig({ DATA_DIR: intake!.dataDir }));
  try {
    expect((await team.list(1000, false)).map((idea) => idea.id)).toEqual([receipt.id]);
    expect(await team.list(1000, true)).toEqual([]);
  } finally {
    await team.disconnect();
  }
});
