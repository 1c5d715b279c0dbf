/**
 * The service agreement on the lead's page (issue 50, decision 150): once the founder accepted the current quote,
 * the team writes the schedule and sends the agreement (the scope, price and deposit come from the quote and the
 * settings); it shows where each agreement stands, the tax details the founder gave at signing, the countersignature
 * (which concludes it and moves the lead to 계약), the deposit marked received, and the PDF.
 */
import { useId, useState, type FormEvent } from 'react';
import { contractCopy, contractTeamCopy as copy } from '../../../../content/contract';
import {
  CONTRACT_LIMITS,
  contractState,
  depositAmount,
  formatBusinessNumber,
  type ContractState,
  type ContractView,
  type TaxDetails,
} from '../../../../domain/contract';
import { formatKoreanMobile } from '../../../../domain/korean-mobile';
import { formatKst } from '../../../../domain/kst';
import { formatWon, quoteTotals, type QuoteView } from '../../../../domain/quote';
import { leadContractPdfPath } from '../../../../domain/thread';
import { useContractAction } from './thread-queries';

const button = 'min-h-11 rounded-lg bg-indigo-700 px-4 font-medium text-white hover:bg-indigo-800 disabled:opacity-50';
const outline = 'inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3';

const tone: Record<ContractState, string> = {
  sent: 'bg-amber-100 text-amber-950',
  signed: 'bg-indigo-100 text-indigo-950',
  concluded: 'bg-green-100 text-green-900',
};

function TaxDetailsList({ tax }: { tax: TaxDetails }) {
  const f = contractCopy.fields;
  const rows: [string, string][] =
    tax.kind === 'business'
      ? [
          [f.businessNumber, formatBusinessNumber(tax.businessNumber)],
          [f.company, tax.company],
          [f.representative, tax.representative],
          [`${f.businessType}·${f.businessItem}`, `${tax.businessType} / ${tax.businessItem}`],
          [f.invoiceEmail, tax.invoiceEmail],
        ]
      : [
          [
            f.receiptNumber,
            tax.receiptNumber === ''
              ? copy.receiptNone
              : tax.receiptNumber.startsWith('01')
                ? formatKoreanMobile(tax.receiptNumber)
                : tax.receiptNumber,
          ],
        ];
  return (
    <div className="mt-2" data-testid="contract-tax">
      <p className="font-medium">{tax.kind === 'business' ? copy.taxBusiness : copy.taxIndividual}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-700">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ContractCard({ leadId, contract }: { leadId: string; contract: ContractView }) {
  const state = contractState(contract);
  const action = useContractAction(leadId);
  const total = quoteTotals(contract.items).total;
  const label =
    state === 'sent'
      ? copy.sent
      : state === 'signed'
        ? copy.signed(contract.signedName ?? '', formatKst(contract.signedAt!))
        : copy.concluded(contract.countersignedBy ?? '', formatKst(contract.countersignedAt!));
  return (
    <li className="rounded-lg border border-indigo-200 bg-white p-3 text-sm" data-testid="contract" data-state={state}>
      <p className="flex flex-wrap items-center gap-2 font-medium">
        {contractCopy.title} ({contractCopy.quote(contract.quoteVersion)})
        <span className={`rounded px-2 py-0.5 text-xs ${tone[state]}`} data-testid="contract-state">
          {label}
        </span>
      </p>
      <p className="mt-1">
        {contractCopy.scope}: <strong>{formatWon(total)}</strong> ·{' '}
        {copy.deposit(formatWon(depositAmount(total, contract.depositPercent)))} ({contract.depositPercent}%)
      </p>
      <p className="mt-1 whitespace-pre-wrap break-words">
        {contractCopy.schedule}: {contract.schedule}
      </p>
      {contract.tax && <TaxDetailsList tax={contract.tax} />}
      {contract.sha256 && (
        <p className="mt-1 break-all text-xs text-slate-700" data-testid="contract-sha256">
          SHA-256 {contract.sha256}
          {contract.intact === false && <span className="ml-1 text-red-800">{contractCopy.fingerprintDiffers}</span>}
        </p>
      )}
      {contract.depositReceivedAt && (
        <p className="mt-1 text-green-800" data-testid="contract-deposit-received">
          {copy.depositReceived(formatKst(contract.depositReceivedAt))}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <a href={leadContractPdfPath(leadId, contract.id)} download className={outline}>
          {copy.pdf}
        </a>
        {state === 'signed' && (
          <button
            type="button"
            disabled={action.isPending}
            className={button}
            onClick={() => {
              if (window.confirm(copy.countersignConfirm))
                action.mutate({ kind: 'countersign', contractId: contract.id });
            }}
          >
            {copy.countersign}
          </button>
        )}
        {state === 'concluded' && !contract.depositReceivedAt && (
          <button
            type="button"
            disabled={action.isPending}
            className={outline}
            onClick={() => action.mutate({ kind: 'deposit', contractId: contract.id })}
          >
            {copy.depositMark}
          </button>
        )}
      </div>
      {action.isError && (
        <p role="alert" className="mt-2 text-red-800">
          {action.error.message}
        </p>
      )}
    </li>
  );
}

/** The schedule, and 「계약서 보내기」 for the accepted quote. */
function ContractForm({ leadId, quote }: { leadId: string; quote: QuoteView }) {
  const id = useId();
  const [schedule, setSchedule] = useState('');
  const send = useContractAction(leadId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (schedule.trim()) send.mutate({ kind: 'send', quoteId: quote.id, schedule: schedule.trim() });
  };
  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-2" data-testid="contract-form">
      <p className="font-medium">{copy.compose}</p>
      <p className="text-sm text-slate-700">{copy.composeHint}</p>
      <label htmlFor={id} className="font-medium">
        {copy.schedule}
      </label>
      <textarea
        id={id}
        rows={3}
        required
        maxLength={CONTRACT_LIMITS.scheduleMax}
        value={schedule}
        placeholder={copy.schedulePlaceholder}
        onChange={(event) => setSchedule(event.target.value)}
        className="w-full rounded-lg border border-slate-400 px-3 py-2"
      />
      <div>
        <button type="submit" disabled={send.isPending} className={button}>
          {copy.send}
        </button>
        {send.isError && (
          <p role="alert" className="mt-2 text-red-800">
            {send.error.message}
          </p>
        )}
      </div>
    </form>
  );
}

export function ContractPanel({
  leadId,
  contracts,
  current,
}: {
  leadId: string;
  contracts: ContractView[];
  /** The lead's current quote: an agreement can be sent once it is accepted and has none. */
  current: QuoteView | undefined;
}) {
  const canSend =
    current !== undefined &&
    current.acceptedAt !== null &&
    current.supersededAt === null &&
    current.withdrawnAt === null &&
    !contracts.some((contract) => contract.quoteId === current.id);
  if (contracts.length === 0 && !canSend) return null;
  return (
    <section aria-labelledby="lead-contract" className="mt-4" data-testid="lead-contract">
      <h3 id="lead-contract" className="text-base font-bold">
        {copy.heading}
      </h3>
      {contracts.length > 0 && (
        <ol className="mt-2 flex flex-col gap-2">
          {contracts.map((contract) => (
            <ContractCard key={contract.id} leadId={leadId} contract={contract} />
          ))}
        </ol>
      )}
      {canSend && <ContractForm key={current.id} leadId={leadId} quote={current} />}
    </section>
  );
}
