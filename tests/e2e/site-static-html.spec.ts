/**
 * What crawlers, link previews and a browser without JavaScript get: the prerendered HTML itself.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { about } from '../../src/content/about';
import { faq, hero, ideaForm, processSteps } from '../../src/content/home';
import { portfolio } from '../../src/content/portfolio';
import { privacyPolicy } from '../../src/content/privacy';
import { developmentSiteSettings, routes } from '../../src/content/site';

// The test build has no site settings of its own: the development defaults.
const privacy = privacyPolicy(developmentSiteSettings.operator);

const built = (file: string) => readFileSync(new URL(`../../dist/site/${file}`, import.meta.url), 'utf8');
const entities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, ' ');

test.describe('prerendered HTML (no JavaScript)', () => {
  test.skip(({ isMobile }) => isMobile, 'reads files; once is enough');

  test('the built files hold the Korean content of /, /about and /privacy', () => {
    const home = text(built('index.html'));
    expect(home).toContain(hero.headline[0]);
    expect(home).toContain(hero.headline[1]);
    expect(home).toContain('서비스 진행 과정 (5단계)');
    for (const step of processSteps) expect(home).toContain(step.title);
    for (const item of portfolio) expect(home).toContain(item.title);
    for (const item of faq) expect(home).toContain(item.answer);
    expect(home).toContain(ideaForm.title);

    const team = text(built('about/index.html'));
    expect(team).toContain(about.heading);
    expect(team).toContain(about.mission.title);

    const policy = text(built('privacy/index.html'));
    expect(policy).toContain(privacy.heading);
    expect(policy).toContain(privacy.intro.slice(0, 20));

    for (const route of routes) {
      const html = built(route.file);
      expect(html).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="ko" data-route="${route.id}">`, 'i'));
      expect(html).toContain(`<title>${route.title}</title>`);
      expect(html).not.toContain('<!--app-');
      // One inline executable script, the boot script (docs/decisions/060; the CSP allows it by its hash);
      // JSON-LD data blocks are fine.
      const inline = html.match(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>/g) ?? [];
      expect(inline).toHaveLength(1);
      expect(inline[0]).toMatch(/^<script data-entry="\/assets\/[^"]+\.js" data-preload="[^"]*">$/);
    }
  });

  test.describe('with JavaScript disabled', () => {
    test.use({ javaScriptEnabled: false });

    test('pages render their content', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(hero.headline[0]);
      await expect(page.getByRole('heading', { name: ideaForm.title })).toBeVisible();
      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(about.heading);
      await page.goto('/privacy');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(privacy.heading);
    });
  });
});
