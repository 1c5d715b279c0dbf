/**
 * The service agreement on the founder's status page (issue 50, decision 150), rendered by the server under the
 * thread (thread-html.ts): the parties, the scope's lines and sums, the deposit, the schedule and the articles as
 * stored; while unsigned, the signing form — a plain form post that works without JavaScript: the typed name, the
 * tax details (사업자 or 개인: the fields of the one not chosen are hidden by CSS alone, `:has()`, and ignored by the
 * server) and 「동의합니다」; once signed, the record with its fingerprint, the agency's account for 무통장 입금 of the
 * deposit and whether it was received. Lines stack on a 390 px phone as the quote's do. Every value is escaped.
 */
import { contractCopy as copy } from '../../content/contract';
import { quoteCopy } from '../../content/quote';
import {
  CONTRACT_FIELDS,
  CONTRACT_LIMITS,
  contractState,
  contractSubpaths,
  depositAmount,
  DEPOSIT_DUE_DAYS,
} from '../../domain/contract';
import { escapeHtml } from '../../domain/escape-html';
import { formatKst } from '../../domain/kst';
import { leadReference } from '../../domain/lead-reference';
import { formatWon, quoteTotals, VAT_PERCENT } from '../../domain/quote';
import type { StoredContract } from './contract-store';
import { contractMoney, contractParties, type ContractSupplier } from './contract-sheet';

/** A refused signature: the agreement, the Korean message, the field it belongs to and the values as typed. */
export interface ContractFormState {
  id: string;
  error: string;
  field?: string;
  values?: Record<string, string>;
}

export interface ContractPageOptions {
  recipient: string;
  supplier: ContractSupplier;
  /** The account for 무통장 입금 (settings), shown once the founder signed. */
  bank: { name: string; account: string; holder: string } | undefined;
}

export const CONTRACT_ANCHOR = 'contract';

export const CONTRACT_STYLE = `
.st .contract{border:1px solid #a5b4fc;border-radius:.75rem;background:#fff;padding:.75rem 1rem;margin:.75rem 0 0;overflow-wrap:anywhere}
.st .contract dl.facts{display:grid;grid-template-columns:minmax(6rem,auto) 1fr;gap:.15rem .75rem;margin:.5rem 0}
.st .contract dl.facts dt{color:#475569;font-weight:600}.st .contract dl.facts dd{margin:0}
.st .contract .parties{display:grid;grid-template-columns:1fr 1fr;gap:0 1rem}
.st .contract ol.terms{border:0;padding:0;margin:.5rem 0}.st .contract ol.terms li{margin:0 0 .35rem;padding:0}
.st .contract ol.terms li::before{display:none}
.st .contract fieldset{border:1px solid #cbd5e1;border-radius:.5rem;padding:.5rem .75rem;margin:.75rem 0}
.st .contract legend{font-weight:600;padding:0 .25rem}
.st .contract .choice{display:flex;gap:.5rem;align-items:center;font-weight:400;margin:.35rem 0}
.st .contract .choice input{width:1.25rem;height:1.25rem;margin:0;flex:none}
.st .contract input[type=text],.st .contract input[type=email]{width:100%;max-width:24rem;padding:.5rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;font:inherit}
.st .contract .agree{display:flex;gap:.5rem;align-items:flex-start;font-weight:600;margin:.75rem 0}
.st .contract .agree input{width:1.25rem;height:1.25rem;margin:.15rem 0 0;flex:none}
.st .contract form:has(input[value=individual]:checked) [data-tax=business],
.st .contract form:has(input[value=business]:checked) [data-tax=individual]{display:none}
.st .contract .bank{background:#f8fafc;border:1px solid #e2e8f0;border-radius:.5rem;padding:.5rem .75rem;margin:.75rem 0}
@media (max-width:36rem){.st .contract .parties{grid-template-columns:1fr}.st .contract dl.facts{grid-template-columns:minmax(5rem,38%) minmax(0,1fr)}}
@media print{.st .contract form,.st .contract .no-print{display:none!important}.st .contract{border:0;padding:0}}`;

const facts = (entries: [string, string][]) =>
  `<dl class="facts">${entries.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;

function scopeTable(contract: StoredContract): string {
  const c = quoteCopy.columns;
  const totals = quoteTotals(contract.items);
  const row = (label: string, value: string, attributes = '') =>
    `<tr${attributes}><th colspan="3">${escapeHtml(label)}</th><td class="n">${escapeHtml(value)}</td></tr>`;
  return `<table data-quote-table>
<thead><tr><th>${escapeHtml(c.description)}</th><th class="n">${escapeHtml(c.quantity)}</th><th class="n">${escapeHtml(c.unitPrice)}</th><th class="n">${escapeHtml(c.amount)}</th></tr></thead>
<tbody>${contract.items
    .map(
      (item, index) =>
        `<tr><td>${escapeHtml(item.description)}</td><td class="n" data-label="${escapeHtml(c.quantity)}">${item.quantity.toLocaleString('ko-KR')}</td><td class="n" data-label="${escapeHtml(c.unitPrice)}">${escapeHtml(formatWon(item.unitPrice))}</td><td class="n" data-label="${escapeHtml(c.amount)}">${escapeHtml(formatWon(totals.lines[index]!))}</td></tr>`,
    )
    .join('')}</tbody>
<tfoot>
${row(quoteCopy.supply, formatWon(totals.supply))}
${row(quoteCopy.vat(VAT_PERCENT), formatWon(totals.vat))}
${row(quoteCopy.total, formatWon(totals.total), ' class="total" data-contract-total')}
${contractMoney(contract)
  .map(([label, value], index) => row(label, value, index === 0 ? ' data-contract-deposit' : ''))
  .join('\n')}
</tfoot></table>`;
}

function input(
  name: string,
  label: string,
  form: ContractFormState | undefined,
  options: { type?: string; hint?: string; autocomplete?: string; max: number; required?: boolean },
) {
  const id = `contract-${name}`;
  const invalid = form?.field === name;
  const described = [options.hint ? `${id}-hint` : '', invalid ? 'contract-error' : ''].filter(Boolean).join(' ');
  return `<label for="${id}">${escapeHtml(label)}</label>
<input type="${options.type ?? 'text'}" id="${id}" name="${name}" maxlength="${options.max}"${options.autocomplete ? ` autocomplete="${options.autocomplete}"` : ''}${options.required ? ' required' : ''} value="${escapeHtml(form?.values?.[name] ?? '')}"${described ? ` aria-describedby="${described}"` : ''}${invalid ? ' aria-invalid="true"' : ''}>
${options.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(options.hint)}</p>` : ''}`;
}

/** The signing form: the tax details (사업자 or 개인), the typed name and 「동의합니다」. */
function signForm(contract: StoredContract, base: string, form: ContractFormState | undefined): string {
  const f = copy.fields;
  const F = CONTRACT_FIELDS;
  const kind = form?.values?.[F.kind] === 'individual' ? 'individual' : 'business';
  // Business fields are required only when 사업자 is chosen: the server checks; the browser's `required` would
  // block 개인 without JavaScript, so none is set on them.
  return `<form method="post" action="${escapeHtml(`${base}/${contractSubpaths.contract}/${contract.id}/${contractSubpaths.sign}`)}" data-contract-sign>
<h4>${escapeHtml(copy.signHeading)}</h4>
<fieldset><legend>${escapeHtml(copy.taxHeading)}</legend>
<p class="hint">${escapeHtml(copy.taxHint)}</p>
<label class="choice"><input type="radio" name="${F.kind}" value="business"${kind === 'business' ? ' checked' : ''}> ${escapeHtml(copy.kinds.business)}</label>
<label class="choice"><input type="radio" name="${F.kind}" value="individual"${kind === 'individual' ? ' checked' : ''}> ${escapeHtml(copy.kinds.individual)}</label>
<div data-tax="business">
${input(F.businessNumber, f.businessNumber, form, { hint: f.businessNumberHint, max: 20 })}
${input(F.company, f.company, form, { max: 100, autocomplete: 'organization' })}
${input(F.representative, f.representative, form, { max: 50 })}
${input(F.businessType, f.businessType, form, { max: 100 })}
${input(F.businessItem, f.businessItem, form, { max: 100 })}
${input(F.invoiceEmail, f.invoiceEmail, form, { type: 'email', max: 254, autocomplete: 'email' })}
</div>
<div data-tax="individual">
${input(F.receiptNumber, f.receiptNumber, form, { hint: f.receiptNumberHint, max: 40, autocomplete: 'tel' })}
</div>
</fieldset>
${input(F.name, copy.signature, form, { hint: copy.signatureHint, max: CONTRACT_LIMITS.signatureMax, autocomplete: 'name', required: true })}
<label class="agree"><input type="checkbox" name="${F.agree}" required> <span>${escapeHtml(copy.agree)}</span></label>
${form ? `<p class="err" role="alert" id="contract-error">${escapeHtml(form.error)}</p>` : ''}
<button type="submit" class="btn primary">${escapeHtml(copy.sign)}</button>
</form>`;
}

function signedRecord(contract: StoredContract): string {
  if (!contract.signedAt || !contract.sha256) return '';
  const check =
    contract.intact === false
      ? `<p class="err" data-contract-intact="false">${escapeHtml(copy.fingerprintDiffers)}</p>`
      : `<p class="ok" data-contract-intact="true">${escapeHtml(copy.fingerprintMatches)}</p>`;
  return `<section data-contract-record><h4>${escapeHtml(copy.signedBlock)}</h4>${facts([
    [copy.signedName, contract.signedName ?? ''],
    [copy.signedAt, quoteCopy.inKoreanTime(formatKst(contract.signedAt))],
    ...(contract.countersignedAt
      ? ([[copy.countersignedAt, quoteCopy.inKoreanTime(formatKst(contract.countersignedAt))]] as [string, string][])
      : []),
  ])}<p class="hint">${escapeHtml(copy.fingerprint)}</p><p class="fingerprint" data-contract-sha256>${escapeHtml(contract.sha256)}</p>${check}<p class="hint">${escapeHtml(copy.fingerprintHint)}</p></section>`;
}

/** After signing: the deposit, the agency's account (무통장 입금) and whether the team marked it received. */
function depositBlock(contract: StoredContract, bank: ContractPageOptions['bank']): string {
  const amount = formatWon(depositAmount(quoteTotals(contract.items).total, contract.depositPercent));
  const received = contract.depositReceivedAt
    ? `<p class="ok" data-deposit-received>${escapeHtml(copy.depositReceived(quoteCopy.inKoreanTime(formatKst(contract.depositReceivedAt))))}</p>`
    : `<p class="hint" data-deposit-waiting>${escapeHtml(copy.depositWaiting)}</p>`;
  return `<div class="bank" data-deposit><h4>${escapeHtml(copy.depositHeading)}</h4>
<p>${escapeHtml(copy.depositHint(amount, DEPOSIT_DUE_DAYS))}</p>
${
  bank
    ? facts([
        [copy.bank, bank.name],
        [copy.account, bank.account],
        [copy.holder, bank.holder],
      ])
    : ''
}${received}</div>`;
}

function contractCard(
  contract: StoredContract,
  base: string,
  form: ContractFormState | undefined,
  options: ContractPageOptions,
  ideaId: string,
): string {
  const state = contractState(contract);
  const parties = contractParties(contract, {
    reference: leadReference(ideaId),
    recipient: options.recipient,
    supplier: options.supplier,
  });
  const mine = form?.id === contract.id ? form : undefined;
  const status =
    state === 'sent'
      ? signForm(contract, base, mine)
      : `${mine ? `<p class="err" role="alert">${escapeHtml(mine.error)}</p>` : ''}<p class="ok" data-contract-signed>${escapeHtml(copy.signed(quoteCopy.inKoreanTime(formatKst(contract.signedAt!)), contract.signedName ?? ''))}</p>
${state === 'signed' ? `<p class="hint" data-contract-waiting>${escapeHtml(copy.waitingTeam)}</p>` : `<p class="ok" data-contract-concluded>${escapeHtml(copy.concluded(quoteCopy.inKoreanTime(formatKst(contract.countersignedAt!))))}</p>`}
${depositBlock(contract, options.bank)}`;
  return `<div class="contract" id="contract-${escapeHtml(contract.id)}" data-contract data-contract-state="${state}">
<h3>${escapeHtml(copy.title)} <small class="hint">${escapeHtml(`(${copy.quote(contract.quoteVersion)})`)}</small></h3>
${state === 'sent' ? `<p class="hint">${escapeHtml(copy.lead)}</p>` : ''}
${facts(parties.contract)}
<div class="parties">${facts(parties.supplier)}${facts(parties.customer)}</div>
<h4>${escapeHtml(copy.scope)}</h4>
${scopeTable(contract)}
<h4>${escapeHtml(copy.schedule)}</h4><p class="body">${escapeHtml(contract.schedule)}</p>
<h4>${escapeHtml(copy.terms)}</h4>
<ol class="terms">${contract.terms.map((term) => `<li>${escapeHtml(term)}</li>`).join('')}</ol>
${status}
${signedRecord(contract)}
<p class="no-print"><a class="btn secondary" href="${escapeHtml(`${base}/${contractSubpaths.contract}/${contract.id}/${contractSubpaths.pdf}`)}" download data-contract-pdf>${escapeHtml(copy.pdf)}</a></p>
</div>`;
}

/** The status page's agreement section ('' while there is none). */
export function contractSectionHtml(
  contracts: StoredContract[],
  base: string,
  ideaId: string,
  options: ContractPageOptions,
  form?: ContractFormState,
): string {
  if (contracts.length === 0) return '';
  return `<style>${CONTRACT_STYLE}</style>
<section class="card" id="${CONTRACT_ANCHOR}" aria-labelledby="st-contract"><h2 id="st-contract">${escapeHtml(copy.heading)}</h2>
${contracts.map((contract) => contractCard(contract, base, form, options, ideaId)).join('\n')}
</section>`;
}
