import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { kstDay } from './kst';
import {
  canonicalQuote,
  defaultValidUntil,
  earliestValidUntil,
  formatWon,
  quoteDraftSchema,
  quoteExpired,
  quoteTotals,
  QUOTE_LIMITS,
  VAT_PERCENT,
} from './quote';

describe('the quote sums', () => {
  it('adds the lines, takes VAT with the won fraction cut off, and totals both', () => {
    const totals = quoteTotals([
      { description: '기획', quantity: 1, unitPrice: 500_000 },
      { description: '화면', quantity: 3, unitPrice: 333_333 },
      { description: '배포', quantity: 2, unitPrice: 15_001 },
    ]);
    expect(totals.lines).toEqual([500_000, 999_999, 30_002]);
    expect(totals.supply).toBe(1_530_001);
    expect(totals.vat).toBe(153_000);
    expect(totals.total).toBe(1_683_001);
    expect(formatWon(totals.total)).toBe('1,683,001원');
  });

  it('stays exact at the limits and is zero for a free quote', () => {
    const most = Array.from({ length: QUOTE_LIMITS.items }, () => ({
      description: 'x',
      quantity: QUOTE_LIMITS.quantityMax,
      unitPrice: QUOTE_LIMITS.unitPriceMax,
    }));
    const totals = quoteTotals(most);
    expect(Number.isSafeInteger(totals.total)).toBe(true);
    expect(totals.vat).toBe((totals.supply * VAT_PERCENT) / 100);
    expect(quoteTotals([{ description: '무료 상담', quantity: 1, unitPrice: 0 }])).toMatchObject({ total: 0 });
  });

  it('counts a quote valid through its whole Korean day, and offers two weeks by default', () => {
    // 2026-11-28 23:59 KST is 14:59 UTC: still the 28th in Korea; a minute later it is the 29th.
    expect(quoteExpired('2026-11-28', new Date('2026-11-28T14:59:00Z'))).toBe(false);
    expect(quoteExpired('2026-11-28', new Date('2026-11-28T15:00:00Z'))).toBe(true);
    expect(defaultValidUntil(new Date('2026-11-28T15:00:00Z'))).toBe('2026-12-13');
    expect(earliestValidUntil(new Date('2026-11-28T15:00:00Z'))).toBe('2026-11-29');
  });

  it('refuses fractions, negatives, an empty list, a malformed day and a day already past', () => {
    const item = { description: '기획', quantity: 1, unitPrice: 1000 };
    const ok = { items: [item], validUntil: defaultValidUntil(new Date()) };
    expect(quoteDraftSchema.safeParse(ok).success).toBe(true);
    for (const bad of [
      { ...ok, items: [] },
      { ...ok, items: [{ ...item, unitPrice: 10.5 }] },
      { ...ok, items: [{ ...item, unitPrice: -1 }] },
      { ...ok, items: [{ ...item, quantity: 0 }] },
      { ...ok, items: [{ ...item, description: '  ' }] },
      { ...ok, validUntil: '2026-13-01' },
      { ...ok, validUntil: kstDay(new Date(Date.now() - 86_400_000)) },
    ])
      expect(quoteDraftSchema.safeParse(bad).success).toBe(false);
  });
});

describe('the canonical form an acceptance is hashed over', () => {
  it("is the sheet's values in a fixed shape, so a printed quote hashes to the same SHA-256 forever", () => {
    const canonical = canonicalQuote(
      {
        id: '0a1b2c3d-0000-4000-8000-000000000001',
        version: 2,
        // 00:30 the next day in Korea: the sheet's 발행일 is the Korean day.
        createdAt: '2026-11-28T15:30:00.000Z',
        items: [
          { description: '기획과 화면 설계', quantity: 1, unitPrice: 500_000 },
          { description: '배포', quantity: 2, unitPrice: 15_001 },
        ],
        validUntil: '2026-12-12',
        notes: '계약 후 착수',
      },
      '9F8E7D6C',
    );
    expect(canonical).toBe(
      '{"form":1,"quote":"0a1b2c3d-0000-4000-8000-000000000001","reference":"9F8E7D6C","version":2,' +
        '"issuedOn":"2026-11-29","validUntil":"2026-12-12","items":[["기획과 화면 설계",1,500000,500000],' +
        '["배포",2,15001,30002]],"supply":530002,"vat":53000,"total":583002,"notes":"계약 후 착수"}',
    );
    expect(createHash('sha256').update(canonical, 'utf8').digest('hex')).toBe(
      '76cc1242b0bc5fbb0d8c94fa61e5c61a332f62735de04705438f5c60f8c08e75',
    );
  });
});
