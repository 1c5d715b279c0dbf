/** The thread in the founder's "my data" file (decision 101): every message, memo (its length, size, type) and quote. */
import { threadDownloadCopy as k } from '../../content/thread';
import { formatKst } from '../../domain/kst';
import type { ThreadView } from '../../domain/thread';
import { contractDownloadCopy as c } from '../../content/contract';
import type { StoredContract } from './contract-store';

/** The agreements (decision 150): what was signed, with the tax details given, in the founder's file. */
export function contractDownload(contracts: StoredContract[]): Record<string, unknown> {
  const at = (value: string | null) => (value ? formatKst(value) : null);
  return {
    [c.contracts]: contracts.map((contract) => ({
      [c.id]: contract.id,
      [c.createdAt]: formatKst(contract.createdAt),
      [c.quoteVersion]: contract.quoteVersion,
      [c.schedule]: contract.schedule,
      [c.depositPercent]: contract.depositPercent,
      [c.terms]: contract.terms,
      [c.signedAt]: at(contract.signedAt),
      [c.signedName]: contract.signedName,
      [c.sha256]: contract.sha256,
      [c.tax]: contract.tax
        ? contract.tax.kind === 'business'
          ? {
              [c.kind]: c.kinds.business,
              [c.businessNumber]: contract.tax.businessNumber,
              [c.company]: contract.tax.company,
              [c.representative]: contract.tax.representative,
              [c.businessType]: contract.tax.businessType,
              [c.businessItem]: contract.tax.businessItem,
              [c.invoiceEmail]: contract.tax.invoiceEmail,
            }
          : { [c.kind]: c.kinds.individual, [c.receiptNumber]: contract.tax.receiptNumber }
        : null,
      [c.countersignedAt]: at(contract.countersignedAt),
      [c.depositReceivedAt]: at(contract.depositReceivedAt),
    })),
  };
}

export function threadDownload(thread: ThreadView): Record<string, unknown> {
  return {
    [k.messages]: thread.messages.map((message) => ({
      [k.side]: k.sides[message.side],
      [k.at]: formatKst(message.at),
      [k.body]: message.body,
      [k.memo]: message.memo
        ? {
            [k.memoSeconds]: Math.round(message.memo.durationMs / 100) / 10,
            [k.memoSize]: message.memo.byteSize,
            [k.memoType]: message.memo.mimeType,
          }
        : null,
      [k.quote]: message.quote
        ? {
            [k.version]: message.quote.version,
            [k.items]: message.quote.items.map((item, index) => ({
              [k.description]: item.description,
              [k.quantity]: item.quantity,
              [k.unitPrice]: item.unitPrice,
              [k.amount]: message.quote!.totals.lines[index],
            })),
            [k.supply]: message.quote.totals.supply,
            [k.vat]: message.quote.totals.vat,
            [k.total]: message.quote.totals.total,
            [k.validUntil]: message.quote.validUntil,
            [k.notes]: message.quote.notes,
            [k.acceptedAt]: message.quote.acceptedAt ? formatKst(message.quote.acceptedAt) : null,
            [k.acceptedName]: message.quote.acceptedName,
            [k.acceptedSha256]: message.quote.acceptedSha256,
            [k.supersededAt]: message.quote.supersededAt ? formatKst(message.quote.supersededAt) : null,
            [k.withdrawnAt]: message.quote.withdrawnAt ? formatKst(message.quote.withdrawnAt) : null,
          }
        : null,
    })),
  };
}
