/**
 * The service agreement on the page (issue 50, items 4–6; decision 150): after the founder accepted a quote, the team
 * sends a short agreement made from the template in content/contract.ts — the scope from the quote's lines, the price
 * from `quoteTotals`, the schedule the team writes, the deposit (선금) at the rate the settings give. The founder
 * signs it on the status page as they accept a quote (「동의합니다」 and their typed name) and gives the details a
 * tax invoice or a cash receipt needs (`taxDetailsSchema`, one schema for the status page's form, the server and the
 * workspace); the team countersigns; then the lead moves to 계약 on its own. What was signed is fixed by a SHA-256 over
 * `canonicalContract`, printed on the document.
 */
import { z } from 'zod';
import { kstDay } from './kst';
import { normalizeKoreanMobile } from './korean-mobile';
import { quoteTotals, type QuoteItem } from './quote';
import { requiredVisibleText, visibleText } from './visible-text';

export const CONTRACT_LIMITS = { scheduleMax: 1000, signatureMax: 50 } as const;

/** The deposit's share of the total when the settings name none (CONTRACT_DEPOSIT_PERCENT). */
export const DEFAULT_DEPOSIT_PERCENT = 50;

/** The deposit in won: `percent` of the total (부가세 included), the won's fraction cut off. */
export const depositAmount = (total: number, percent: number): number => Math.floor((total * percent) / 100);

/**
 * A 사업자등록번호 is valid when its tenth digit is the check digit of the first nine (the National Tax Service's
 * rule): each digit times 1,3,7,1,3,7,1,3,5, summed, plus the tens of the ninth digit × 5; the check digit is what
 * brings the sum to a multiple of ten. Separators (`-`, spaces) are allowed; the digits are what counts.
 */
export function validBusinessNumber(input: string): boolean {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{10}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = weights.reduce((total, weight, index) => total + weight * d[index]!, 0);
  sum += Math.floor((d[8]! * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}

/** 1248100998 → 124-81-00998. */
export const formatBusinessNumber = (digits: string) =>
  `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;

/**
 * A 현금영수증 number: a Korean mobile number (normalized to its digits) or the number of a cash-receipt card (13 to
 * 19 digits, written with or without separators); null when it is neither.
 */
export function normalizeReceiptNumber(input: string): string | null {
  const mobile = normalizeKoreanMobile(input);
  if (mobile) return mobile;
  const digits = input.trim().replace(/[\s-]/g, '');
  return /^\d{13,19}$/.test(digits) ? digits : null;
}

/** The status page's field names for the signature and the tax details (a plain form post). */
export const CONTRACT_FIELDS = {
  name: 'signature',
  agree: 'agree',
  kind: 'taxKind',
  businessNumber: 'businessNumber',
  company: 'company',
  representative: 'representative',
  businessType: 'businessType',
  businessItem: 'businessItem',
  invoiceEmail: 'invoiceEmail',
  receiptNumber: 'receiptNumber',
} as const;

export const TAX_KINDS = ['business', 'individual'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

/**
 * The details a 세금계산서 (사업자) or a 현금영수증 (개인) needs, as the founder gives them at signing. Each message
 * names the field it belongs to (its `path`), so the status page shows it there.
 */
export const taxDetailsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('business'),
    businessNumber: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .refine(validBusinessNumber),
    company: requiredVisibleText(100),
    representative: requiredVisibleText(50),
    /** 업태 */
    businessType: requiredVisibleText(100),
    /** 종목 */
    businessItem: requiredVisibleText(100),
    invoiceEmail: z.string().trim().max(254).pipe(z.email()),
  }),
  z.object({
    kind: z.literal('individual'),
    /** Optional: '' when the founder wants no cash receipt number recorded. */
    receiptNumber: visibleText(40)
      .refine((value) => value === '' || normalizeReceiptNumber(value) !== null)
      .transform((value) => (value === '' ? '' : normalizeReceiptNumber(value)!)),
  }),
]);
export type TaxDetails = z.output<typeof taxDetailsSchema>;

/** The signature: the typed name and the 「동의합니다」 box, as for a quote. */
export const contractSignatureSchema = z.object({
  [CONTRACT_FIELDS.name]: requiredVisibleText(CONTRACT_LIMITS.signatureMax),
  [CONTRACT_FIELDS.agree]: z.literal('on'),
});

/** What the team sends to make an agreement from an accepted quote. */
export const contractDraftSchema = z.object({
  quoteId: z.uuid(),
  /** 일정: when the work starts and what is delivered when, in the team's words. */
  schedule: requiredVisibleText(CONTRACT_LIMITS.scheduleMax),
});
export type ContractDraft = z.output<typeof contractDraftSchema>;

/** An agreement as both sides see it. */
export interface ContractView {
  id: string;
  createdAt: string;
  /** The accepted quote it is made from: its id, version, lines and fingerprint. */
  quoteId: string;
  quoteVersion: number;
  quoteSha256: string;
  items: QuoteItem[];
  schedule: string;
  depositPercent: number;
  /** The founder's signature: when, the typed name, the SHA-256 of `canonicalContract` as signed. */
  signedAt: string | null;
  signedName: string | null;
  sha256: string | null;
  /** Whether the stored agreement still hashes to `sha256` (null before signing). */
  intact: boolean | null;
  tax: TaxDetails | null;
  /** The team's countersignature: when, and the member. */
  countersignedAt: string | null;
  countersignedBy: string | null;
  /** When the team marked the deposit received. */
  depositReceivedAt: string | null;
}

/** Where an agreement stands: sent (waiting for the founder), signed (waiting for the team), then concluded. */
export type ContractState = 'sent' | 'signed' | 'concluded';

export function contractState(contract: Pick<ContractView, 'signedAt' | 'countersignedAt'>): ContractState {
  if (contract.countersignedAt) return 'concluded';
  if (contract.signedAt) return 'signed';
  return 'sent';
}

/**
 * The agreement's canonical form, what its SHA-256 is taken over when the founder signs: every value it prints, in
 * a fixed order (`form` numbers this shape) — its id, the lead's reference, the day it was issued (KST), the quote it
 * is made from (id, version and the fingerprint accepted), the scope's lines with their amounts, the sums, the
 * deposit's rate and amount, the schedule, the articles as the template words them (`terms`), the signer's name and
 * the tax details given.
 */
export function canonicalContract(
  contract: Pick<
    ContractView,
    'id' | 'createdAt' | 'quoteId' | 'quoteVersion' | 'quoteSha256' | 'items' | 'schedule' | 'depositPercent'
  >,
  reference: string,
  terms: readonly string[],
  signature: { name: string; tax: TaxDetails },
): string {
  const totals = quoteTotals(contract.items);
  const tax = signature.tax;
  return JSON.stringify({
    form: 1,
    contract: contract.id,
    reference,
    issuedOn: kstDay(new Date(contract.createdAt)),
    quote: [contract.quoteId, contract.quoteVersion, contract.quoteSha256],
    items: contract.items.map((item, index) => [item.description, item.quantity, item.unitPrice, totals.lines[index]]),
    supply: totals.supply,
    vat: totals.vat,
    total: totals.total,
    deposit: [contract.depositPercent, depositAmount(totals.total, contract.depositPercent)],
    schedule: contract.schedule,
    terms,
    name: signature.name,
    tax:
      tax.kind === 'business'
        ? [
            tax.kind,
            tax.businessNumber,
            tax.company,
            tax.representative,
            tax.businessType,
            tax.businessItem,
            tax.invoiceEmail,
          ]
        : [tax.kind, tax.receiptNumber],
  });
}

/** The agreement's PDF and pages below the status link, and the team's paths. */
export const contractSubpaths = { contract: 'contract', sign: 'sign', pdf: 'pdf' } as const;

/** The day the deposit is due: not a fixed day; the agreement says "within 7 days of signing". */
export const DEPOSIT_DUE_DAYS = 7;
