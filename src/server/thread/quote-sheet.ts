/**
 * What the printed quote states above its lines, once for both of its forms (the HTML sheet, thread-html.ts, and the
 * PDF, quote-pdf.ts): the mark of a quote no longer open, and the two columns of facts (the quote's own, then the
 * supplier's), each an unset value left out.
 */
import { quoteCopy } from '../../content/quote';
import { formatKstDay, kstDay } from '../../domain/kst';
import { leadReference } from '../../domain/lead-reference';
import { quoteState, type QuoteView } from '../../domain/quote';

/** The operator named on a printed quote (the build settings'; thread-status-routes.ts reads them). */
export interface QuoteOperator {
  name: string;
  representative: string;
  contactEmail: string;
}

export interface QuoteSheet {
  ideaId: string;
  /** The founder's name, as the sheet's recipient. */
  recipient: string;
  operator: QuoteOperator;
}

/** The mark over a quote that can no longer be accepted as it stands, or '' for an open or accepted one. */
export function quoteMark(quote: QuoteView, now: Date): string {
  const state = quoteState(quote, now);
  if (state === 'superseded') return quoteCopy.superseded;
  if (state === 'withdrawn') return quoteCopy.withdrawn;
  if (state === 'expired') return quoteCopy.expired(formatKstDay(quote.validUntil));
  return '';
}

/** The sheet's two columns of [term, value], the unset ones left out. */
export function quoteParties(
  quote: QuoteView,
  sheet: QuoteSheet,
): { quote: [string, string][]; supplier: [string, string][] } {
  const set = (entries: [string, string][]) => entries.filter(([, value]) => value !== '');
  return {
    quote: set([
      [quoteCopy.recipient, sheet.recipient ? quoteCopy.recipientName(sheet.recipient) : ''],
      [quoteCopy.number, `${quote.id.slice(0, 8).toUpperCase()} (${quoteCopy.version(quote.version)})`],
      [quoteCopy.reference, leadReference(sheet.ideaId)],
      [quoteCopy.issuedAt, formatKstDay(kstDay(new Date(quote.createdAt)))],
      [quoteCopy.validUntil, formatKstDay(quote.validUntil)],
    ]),
    supplier: set([
      [quoteCopy.supplier, sheet.operator.name],
      [quoteCopy.representative, sheet.operator.representative],
      [quoteCopy.contact, sheet.operator.contactEmail],
    ]),
  };
}
