/**
 * The quote (견적서, decision 102): line items in whole won, and the one place its sums are computed — 공급가액 (the
 * lines' sum), 부가세 (10 % of it, the won's fraction cut off as Korean tax invoices do) and 합계. The workspace's
 * form, the server, the status page, the print page and the founder's mail all read `quoteTotals`.
 */
import { z } from 'zod';
import { kstDay } from './kst';
import { requiredVisibleText, visibleText } from './visible-text';

export const QUOTE_LIMITS = {
  items: 20,
  descriptionMax: 200,
  quantityMax: 10_000,
  /** One unit's price in won. */
  unitPriceMax: 1_000_000_000,
  notesMax: 2000,
} as const;

/** 부가세율 in percent. */
export const VAT_PERCENT = 10;

export interface QuoteItem {
  description: string;
  quantity: number;
  /** 단가, whole won. */
  unitPrice: number;
}

export interface QuoteTotals {
  /** Each line's amount (quantity × unit price), in the items' order. */
  lines: number[];
  /** 공급가액. */
  supply: number;
  /** 부가세. */
  vat: number;
  /** 합계. */
  total: number;
}

export function quoteTotals(items: readonly QuoteItem[]): QuoteTotals {
  const lines = items.map((item) => item.quantity * item.unitPrice);
  const supply = lines.reduce((sum, line) => sum + line, 0);
  // Integer arithmetic: the limits keep every figure far below Number.MAX_SAFE_INTEGER.
  const vat = Math.floor((supply * VAT_PERCENT) / 100);
  return { lines, supply, vat, total: supply + vat };
}

/** 1234567 → "1,234,567원". */
export const formatWon = (amount: number) => `${amount.toLocaleString('ko-KR')}원`;

/** Days a new quote stays valid unless the team picks another 유효 기한. */
export const QUOTE_DEFAULT_VALID_DAYS = 14;

/** True once the Korean day of `now` is past the quote's 유효 기한 (it is valid through that whole day). */
export const quoteExpired = (validUntil: string, now: Date): boolean => kstDay(now) > validUntil;

/** The default 유효 기한 of a quote written at `now`: the Korean day QUOTE_DEFAULT_VALID_DAYS on. */
export const defaultValidUntil = (now: Date): string =>
  kstDay(new Date(now.getTime() + QUOTE_DEFAULT_VALID_DAYS * 86_400_000));

/** The earliest 유효 기한 the team may pick at `now`: today in Korea. */
export const earliestValidUntil = (now: Date): string => kstDay(now);

export const quoteItemSchema = z.object({
  description: requiredVisibleText(QUOTE_LIMITS.descriptionMax),
  quantity: z.number().int().min(1).max(QUOTE_LIMITS.quantityMax),
  unitPrice: z.number().int().min(0).max(QUOTE_LIMITS.unitPriceMax),
});

/** What the team sends to compose a quote; the message that carries it into the thread is `body`. */
export const quoteDraftSchema = z.object({
  items: z.array(quoteItemSchema).min(1).max(QUOTE_LIMITS.items),
  /** 유효 기한, a Korean calendar day (YYYY-MM-DD), today or later: a quote is never sent already expired. */
  validUntil: z.iso.date().refine((day) => !quoteExpired(day, new Date())),
  notes: visibleText(QUOTE_LIMITS.notesMax).default(''),
  body: visibleText(4000).default(''),
  /**
   * The lead's latest quote when the form started (its id, or null for the first): the server refuses the draft (409)
   * when another quote came since, so two members never replace each other's quote unseen. Left out: not checked.
   */
  basedOn: z.uuid().nullable().optional(),
});
export type QuoteDraft = z.output<typeof quoteDraftSchema>;

/** A quote as both sides see it. */
export interface QuoteView {
  id: string;
  /** 1, 2, … on its lead: each new quote supersedes the one before (issue 50). */
  version: number;
  createdAt: string;
  items: QuoteItem[];
  totals: QuoteTotals;
  validUntil: string;
  notes: string;
  /** When the founder accepted it (「동의합니다」 and their name), or null. */
  acceptedAt: string | null;
  /** The name the founder typed as their signature. */
  acceptedName: string | null;
  /** SHA-256 (hex) of `canonicalQuote` as accepted: printed on the sheet, so either side can check the document. */
  acceptedSha256: string | null;
  /** Whether the quote as stored still hashes to `acceptedSha256` (null when not accepted): the server's check. */
  acceptanceIntact: boolean | null;
  /** When a later quote replaced it (이전 견적). */
  supersededAt: string | null;
  /** When the team withdrew it. */
  withdrawnAt: string | null;
}

/**
 * Where a quote stands at `now`, the first that holds: withdrawn, replaced by a later one, accepted, past its 유효
 * 기한, or open to acceptance. Only `open` can be accepted; only `open` and `expired` can be withdrawn.
 */
export type QuoteState = 'withdrawn' | 'superseded' | 'accepted' | 'expired' | 'open';

export function quoteState(quote: QuoteView, now: Date): QuoteState {
  if (quote.withdrawnAt) return 'withdrawn';
  if (quote.supersededAt) return 'superseded';
  if (quote.acceptedAt) return 'accepted';
  if (quoteExpired(quote.validUntil, now)) return 'expired';
  return 'open';
}

/**
 * The quote's canonical form, what its SHA-256 is taken over at acceptance: every value the sheet prints, in a fixed
 * order (JSON of arrays and fixed keys, no whitespace; `form` numbers this shape), so anyone holding the sheet can
 * recompute it: the full quote id (printed in the acceptance record), the lead's reference, the version, the day it
 * was issued (KST), the validity day, each line with its amount, the sums from `quoteTotals`, and the notes.
 */
export function canonicalQuote(
  quote: Pick<QuoteView, 'id' | 'version' | 'createdAt' | 'items' | 'validUntil' | 'notes'>,
  reference: string,
): string {
  const totals = quoteTotals(quote.items);
  return JSON.stringify({
    form: 1,
    quote: quote.id,
    reference,
    version: quote.version,
    issuedOn: kstDay(new Date(quote.createdAt)),
    validUntil: quote.validUntil,
    items: quote.items.map((item, index) => [item.description, item.quantity, item.unitPrice, totals.lines[index]]),
    supply: totals.supply,
    vat: totals.vat,
    total: totals.total,
    notes: quote.notes,
  });
}

/** The status page's acceptance form: the name typed as a signature and the 「동의합니다」 box. */
export const QUOTE_ACCEPT_FIELDS = { name: 'signature', agree: 'agree' } as const;
export const QUOTE_SIGNATURE_MAX = 50;

export const quoteAcceptanceSchema = z.object({
  [QUOTE_ACCEPT_FIELDS.name]: requiredVisibleText(QUOTE_SIGNATURE_MAX),
  [QUOTE_ACCEPT_FIELDS.agree]: z.literal('on'),
});
