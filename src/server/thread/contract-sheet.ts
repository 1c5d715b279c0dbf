/**
 * What the agreement states, once for its two forms (the status page's card, contract-html.ts, and the PDF,
 * contract-pdf.ts): the parties' facts (the supplier from the build settings and AGENCY_*, the customer from the
 * tax details given at signing), the deposit, and the tax details as lines. Unset values are left out.
 */
import { contractCopy } from '../../content/contract';
import { formatBusinessNumber, depositAmount, type ContractView, type TaxDetails } from '../../domain/contract';
import { formatKoreanMobile } from '../../domain/korean-mobile';
import { formatKstDay, kstDay } from '../../domain/kst';
import { formatWon, quoteTotals } from '../../domain/quote';
import type { QuoteOperator } from './quote-sheet';

/** The supplier the agreement names: the build's operator and the agency's own details (config `agency`). */
export interface ContractSupplier extends QuoteOperator {
  businessNumber: string | undefined;
  address: string | undefined;
}

const set = (entries: [string, string | undefined][]): [string, string][] =>
  entries.filter((entry): entry is [string, string] => Boolean(entry[1]));

/** The tax details as [term, value] lines. */
export function taxLines(tax: TaxDetails): [string, string][] {
  const f = contractCopy.fields;
  if (tax.kind === 'business')
    return [
      [contractCopy.taxGiven, contractCopy.kinds.business],
      [f.businessNumber, formatBusinessNumber(tax.businessNumber)],
      [f.company, tax.company],
      [f.representative, tax.representative],
      [`${f.businessType}·${f.businessItem}`, `${tax.businessType} / ${tax.businessItem}`],
      [f.invoiceEmail, tax.invoiceEmail],
    ];
  return [
    [contractCopy.taxGiven, contractCopy.kinds.individual],
    [
      f.receiptNumber,
      tax.receiptNumber === ''
        ? contractCopy.receiptNone
        : tax.receiptNumber.startsWith('01')
          ? formatKoreanMobile(tax.receiptNumber)
          : tax.receiptNumber,
    ],
  ];
}

/** The sheet's facts: the agreement's own, the supplier's, and the customer's once signed. */
export function contractParties(
  contract: ContractView,
  sheet: { reference: string; recipient: string; supplier: ContractSupplier },
) {
  const s = sheet.supplier;
  return {
    contract: set([
      [contractCopy.reference, sheet.reference],
      [contractCopy.contractId, contract.id],
      [contractCopy.issuedAt, formatKstDay(kstDay(new Date(contract.createdAt)))],
    ]),
    supplier: set([
      [contractCopy.supplier, s.name],
      [contractCopy.representative, s.representative],
      [contractCopy.businessNumber, s.businessNumber ? formatBusinessNumber(s.businessNumber) : undefined],
      [contractCopy.address, s.address],
      [contractCopy.contact, s.contactEmail],
    ]),
    customer: set([
      [contractCopy.customer, contract.signedName ?? sheet.recipient],
      ...(contract.tax ? taxLines(contract.tax).slice(1) : []),
    ]),
  };
}

/** The price lines: 합계, the deposit and the balance. */
export function contractMoney(contract: ContractView): [string, string][] {
  const total = quoteTotals(contract.items).total;
  const deposit = depositAmount(total, contract.depositPercent);
  return [
    [contractCopy.deposit(contract.depositPercent), formatWon(deposit)],
    [contractCopy.balance, formatWon(total - deposit)],
  ];
}
