/**
 * The service agreement as a PDF (issue 50, decision 150), made like the quote's (quote-pdf.ts, decision 139): pdfkit
 * on A4, Korean text in Pretendard embedded as a subset. The parties, the articles as stored with the agreement, the
 * scope's lines and sums from `quoteTotals`, the deposit and balance, and the signatures with the fingerprint once
 * signed. Downloaded from the status page and the lead page; attached to the mails of the concluded agreement.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { sql } from 'drizzle-orm';
import { contractCopy } from '../../content/contract';
import { quoteCopy } from '../../content/quote';
import { formatKst } from '../../domain/kst';
import { leadReference } from '../../domain/lead-reference';
import { formatWon, quoteTotals, VAT_PERCENT } from '../../domain/quote';
import type { Database } from '../db/client';
import { loadContracts, type StoredContract } from './contract-store';
import { contractMoney, contractParties, type ContractSupplier } from './contract-sheet';

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('pretendard/dist/public/static/Pretendard-Regular.otf'),
  bold: require.resolve('pretendard/dist/public/static/Pretendard-Bold.otf'),
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';

/** The file's name: the lead's reference and the agreement's short id, ASCII. */
export const contractPdfName = (reference: string, contract: { id: string }) =>
  `contract-${reference}-${contract.id.slice(0, 8)}.pdf`;

export function contractPdf(
  contract: StoredContract,
  sheet: { reference: string; recipient: string; supplier: ContractSupplier },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${contractCopy.title} (${sheet.reference})`, Author: sheet.supplier.name },
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
  const keep = (height: number) => {
    if (doc.y + height > A4.height - MARGIN) doc.addPage();
  };
  const rule = (y: number, color = RULE) =>
    doc.moveTo(MARGIN, y).lineTo(right, y).lineWidth(0.7).strokeColor(color).stroke();

  doc.font('bold').fontSize(22).fillColor(INK).text(contractCopy.title, { align: 'center', characterSpacing: 6 });
  doc.moveDown(1);

  // The parties: the agreement's facts; the supplier and the customer side by side.
  const parties = contractParties(contract, sheet);
  const facts = (entries: [string, string][], x: number, top: number, columnWidth: number) => {
    doc.y = top;
    for (const [term, value] of entries) {
      const y = doc.y;
      doc.font('bold').fontSize(9.5).fillColor(MUTED).text(term, x, y, { width: 78 });
      doc
        .font('regular')
        .fontSize(9.5)
        .fillColor(INK)
        .text(value, x + 80, y, { width: columnWidth - 84 });
      doc.moveDown(0.25);
    }
    return doc.y;
  };
  doc.y = facts(parties.contract, MARGIN, doc.y, width) + 8;
  const top = doc.y;
  const bottom = Math.max(
    facts(parties.supplier, MARGIN, top, width / 2),
    facts(parties.customer, MARGIN + width / 2, top, width / 2),
  );
  doc.y = bottom + 10;

  // The scope: the accepted quote's lines and sums.
  doc.font('bold').fontSize(12).fillColor(INK).text(contractCopy.scope, MARGIN, doc.y, { width });
  doc.moveDown(0.3);
  const columns = [
    { label: quoteCopy.columns.description, width: width - 240, align: 'left' as const },
    { label: quoteCopy.columns.quantity, width: 50, align: 'right' as const },
    { label: quoteCopy.columns.unitPrice, width: 95, align: 'right' as const },
    { label: quoteCopy.columns.amount, width: 95, align: 'right' as const },
  ];
  const row = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(9.5);
    const height = Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: columns[index]!.width })));
    keep(height + 8);
    const y = doc.y + 3;
    let x = MARGIN;
    cells.forEach((cell, index) => {
      doc.fillColor(INK).text(cell, x, y, { width: columns[index]!.width, align: columns[index]!.align });
      x += columns[index]!.width;
    });
    doc.y = y + height + 3;
    rule(doc.y);
  };
  rule(doc.y, INK);
  row(
    columns.map((entry) => entry.label),
    'bold',
  );
  const totals = quoteTotals(contract.items);
  contract.items.forEach((item, index) =>
    row(
      [
        item.description,
        item.quantity.toLocaleString('ko-KR'),
        formatWon(item.unitPrice),
        formatWon(totals.lines[index]!),
      ],
      'regular',
    ),
  );
  const sum = (label: string, amount: string, font: 'regular' | 'bold') => {
    doc.font(font).fontSize(font === 'bold' ? 11.5 : 9.5);
    const y = doc.y + 3;
    doc.fillColor(INK).text(label, MARGIN, y, { width: width - 120 });
    doc.text(amount, right - 120, y, { width: 120, align: 'right' });
    doc.y = y + doc.currentLineHeight() + 1;
  };
  keep(110);
  sum(quoteCopy.supply, formatWon(totals.supply), 'regular');
  sum(quoteCopy.vat(VAT_PERCENT), formatWon(totals.vat), 'regular');
  sum(quoteCopy.total, formatWon(totals.total), 'bold');
  for (const [label, amount] of contractMoney(contract)) sum(label, amount, 'regular');

  // The articles as stored with the agreement (the template's words when it was sent).
  doc.moveDown(0.8).font('bold').fontSize(12).fillColor(INK).text(contractCopy.terms, MARGIN, doc.y, { width });
  doc.moveDown(0.3);
  for (const term of contract.terms) {
    doc.font('regular').fontSize(9.5).fillColor(INK);
    keep(doc.heightOfString(term, { width }) + 4);
    doc.text(term, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
  }

  // The signatures, and the fingerprint anyone can recompute from the values above.
  if (contract.signedAt && contract.sha256) {
    keep(130);
    doc.moveDown(0.8).font('bold').fontSize(12).text(contractCopy.signedBlock, MARGIN, doc.y, { width });
    doc.moveDown(0.3).font('regular').fontSize(9.5);
    doc.text(`${contractCopy.signedName}: ${contract.signedName ?? ''}`, { width });
    doc.text(`${contractCopy.signedAt}: ${quoteCopy.inKoreanTime(formatKst(contract.signedAt))}`, { width });
    if (contract.countersignedAt)
      doc.text(
        `${contractCopy.countersignedAt}: ${quoteCopy.inKoreanTime(formatKst(contract.countersignedAt))} (${sheet.supplier.name})`,
        { width },
      );
    doc.text(`${contractCopy.fingerprint}: ${contract.sha256}`, { width });
    doc.moveDown(0.3).fontSize(8.5).fillColor(MUTED).text(contractCopy.fingerprintHint, { width });
  }
  doc.end();
  return done;
}

/** The PDF of a lead's agreement by its id, as a download or an attachment; undefined when there is none. */
export async function contractPdfFile(
  database: Database,
  ideaId: string,
  contractId: string,
  supplier: ContractSupplier,
): Promise<{ filename: string; content: Buffer; contentType: 'application/pdf' } | undefined> {
  const [idea] = await database.rows<{ name: string }>(sql`select name from ideas where id = ${ideaId}::uuid`);
  if (!idea) return undefined;
  const contract = (await loadContracts(database, ideaId)).find((entry) => entry.id === contractId);
  if (!contract) return undefined;
  return {
    filename: contractPdfName(leadReference(ideaId), contract),
    content: await contractPdf(contract, { reference: leadReference(ideaId), recipient: idea.name, supplier }),
    contentType: 'application/pdf',
  };
}
