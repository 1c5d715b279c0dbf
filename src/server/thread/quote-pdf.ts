/**
 * The quote as a PDF (issue 50, decision 139): the printed sheet's content (thread-html.ts quotePageHtml) on A4, made
 * on the server with pdfkit, Korean text in Pretendard (the package the site's font comes from), embedded as a subset
 * of the glyphs used. Downloaded from the status page and the lead page, attached to the founder's quote mail. Its
 * text is real text (it can be searched and copied, and the tests read it back).
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { quoteCopy } from '../../content/quote';
import { formatKst } from '../../domain/kst';
import { leadReference } from '../../domain/lead-reference';
import { formatWon, VAT_PERCENT, type QuoteView } from '../../domain/quote';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { quoteMark, quoteParties, type QuoteOperator, type QuoteSheet } from './quote-sheet';
import { loadThread } from './thread-store';

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('pretendard/dist/public/static/Pretendard-Regular.otf'),
  bold: require.resolve('pretendard/dist/public/static/Pretendard-Bold.otf'),
};

/** The PDF's file name: the reference and the version, ASCII (a header's filename needs no encoding then). */
export const quotePdfName = (ideaId: string, quote: QuoteView) =>
  `quote-${leadReference(ideaId)}-v${quote.version}.pdf`;

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';

export function quotePdf(quote: QuoteView, sheet: QuoteSheet, now = new Date()): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${quoteCopy.title} ${quoteCopy.version(quote.version)} (${leadReference(sheet.ideaId)})`,
      Author: sheet.operator.name,
    },
    lang: 'ko-KR',
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = A4.width - 2 * MARGIN;
  const right = A4.width - MARGIN;

  doc.font('bold').fontSize(22).fillColor(INK).text(quoteCopy.title, { align: 'center', characterSpacing: 8 });
  const mark = quoteMark(quote, now);
  if (mark) doc.moveDown(0.3).font('bold').fontSize(11).fillColor('#b91c1c').text(mark, { align: 'center' });
  doc.moveDown(1);

  // The parties, two columns: the quote's own facts, then the supplier's (quote-sheet.ts).
  const parties = quoteParties(quote, sheet);
  const top = doc.y;
  const column = (entries: [string, string][], x: number) => {
    doc.y = top;
    for (const [term, value] of entries) {
      const y = doc.y;
      doc.font('bold').fontSize(10).fillColor(MUTED).text(term, x, y, { width: 70 });
      doc
        .font('regular')
        .fontSize(10)
        .fillColor(INK)
        .text(value, x + 72, y, { width: width / 2 - 80 });
      doc.moveDown(0.3);
    }
    return doc.y;
  };
  const bottom = Math.max(column(parties.quote, MARGIN), column(parties.supplier, MARGIN + width / 2));
  doc.y = bottom + 12;

  // The lines: 항목 wraps in its column; the figures stay on one line each, right-aligned.
  const columns = [
    { label: quoteCopy.columns.description, width: width - 240, align: 'left' as const },
    { label: quoteCopy.columns.quantity, width: 50, align: 'right' as const },
    { label: quoteCopy.columns.unitPrice, width: 95, align: 'right' as const },
    { label: quoteCopy.columns.amount, width: 95, align: 'right' as const },
  ];
  const rule = (y: number, color = RULE) =>
    doc.moveTo(MARGIN, y).lineTo(right, y).lineWidth(0.7).strokeColor(color).stroke();
  const row = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(10);
    const height = Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: columns[index]!.width })));
    if (doc.y + height + 8 > A4.height - MARGIN) doc.addPage();
    const y = doc.y + 4;
    let x = MARGIN;
    cells.forEach((cell, index) => {
      doc.fillColor(INK).text(cell, x, y, { width: columns[index]!.width, align: columns[index]!.align });
      x += columns[index]!.width;
    });
    doc.y = y + height + 4;
    rule(doc.y);
  };
  rule(doc.y, INK);
  row(
    columns.map((entry) => entry.label),
    'bold',
  );
  quote.items.forEach((item, index) =>
    row(
      [
        item.description,
        item.quantity.toLocaleString('ko-KR'),
        formatWon(item.unitPrice),
        formatWon(quote.totals.lines[index]!),
      ],
      'regular',
    ),
  );
  // A block that must not split (the sums, the acceptance record) starts a new page when it would not fit.
  const keep = (height: number) => {
    if (doc.y + height > A4.height - MARGIN) doc.addPage();
  };
  const sum = (label: string, amount: number, font: 'regular' | 'bold') => {
    doc.font(font).fontSize(font === 'bold' ? 12 : 10);
    const y = doc.y + 4;
    doc.fillColor(INK).text(label, MARGIN, y, { width: width - 95 });
    doc.text(formatWon(amount), right - 95, y, { width: 95, align: 'right' });
    doc.y = y + doc.currentLineHeight() + 2;
  };
  keep(80);
  sum(quoteCopy.supply, quote.totals.supply, 'regular');
  sum(quoteCopy.vat(VAT_PERCENT), quote.totals.vat, 'regular');
  rule(doc.y + 2, INK);
  doc.y += 2;
  sum(quoteCopy.total, quote.totals.total, 'bold');
  doc.moveDown(0.5).font('regular').fontSize(9).fillColor(MUTED).text(quoteCopy.currencyNote, MARGIN, doc.y, { width });
  if (quote.notes) {
    doc.moveDown(0.8).font('bold').fontSize(10).fillColor(INK).text(quoteCopy.notes, { width });
    doc.font('regular').text(quote.notes, { width });
  }

  // What was accepted: by whom, when, and the fingerprint anyone can recompute from the values above.
  if (quote.acceptedAt && quote.acceptedSha256) {
    keep(120);
    doc.moveDown(1.2).font('bold').fontSize(12).fillColor(INK).text(quoteCopy.acceptedBlock, MARGIN, doc.y, { width });
    doc.moveDown(0.3).font('regular').fontSize(10);
    if (quote.acceptedName) doc.text(`${quoteCopy.acceptedName}: ${quote.acceptedName}`, { width });
    doc.text(`${quoteCopy.acceptedAt}: ${quoteCopy.inKoreanTime(formatKst(quote.acceptedAt))}`, { width });
    doc.text(`${quoteCopy.quoteId}: ${quote.id}`, { width });
    doc.text(`${quoteCopy.fingerprint}: ${quote.acceptedSha256}`, { width });
    doc.moveDown(0.3).fontSize(9).fillColor(MUTED).text(quoteCopy.fingerprintHint, { width });
  }
  doc.end();
  return done;
}

/** The PDF of a lead's quote by its id, as a mail attachment or a download; undefined when there is none. */
export async function quotePdfFile(
  database: Database,
  ideaId: string,
  quoteId: string,
  operator: QuoteOperator,
): Promise<{ filename: string; content: Buffer; contentType: 'application/pdf' } | undefined> {
  const [idea] = await database.rows<{ name: string }>(sql`select name from ideas where id = ${ideaId}::uuid`);
  if (!idea) return undefined;
  const quote = (await loadThread(database, ideaId)).messages.find((message) => message.quote?.id === quoteId)?.quote;
  if (!quote) return undefined;
  return {
    filename: quotePdfName(ideaId, quote),
    content: await quotePdf(quote, { ideaId, recipient: idea.name, operator }),
    contentType: 'application/pdf',
  };
}
