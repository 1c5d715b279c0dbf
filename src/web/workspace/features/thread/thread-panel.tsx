/**
 * The conversation with the founder on a lead's page (decision 101): the messages both ways (a founder's memo played
 * with the session), a message started from a template and edited before sending, and the quote form (decision
 * 102). What is sent is stored first and then mailed to the founder with the status link.
 */
import { Fragment, useId, useState, type FormEvent } from 'react';
import { quoteCopy, quoteFormCopy } from '../../../../content/quote';
import { threadPanelCopy as copy, threadTemplates } from '../../../../content/thread';

type ThreadTemplate = (typeof threadTemplates)[number];
import { formatKst, formatKstDay } from '../../../../domain/kst';
import { formatWon, quoteState, VAT_PERCENT, type QuoteState, type QuoteView } from '../../../../domain/quote';
import {
  leadQuotePdfPath,
  leadQuotePrintPath,
  leadThreadMemoPath,
  THREAD_LIMITS,
  type ThreadMailView,
  type ThreadMessageView,
} from '../../../../domain/thread';
import { formatMemoDuration } from '../../../../domain/voice-memo';
import { QuoteForm } from './quote-form';
import { ContractPanel } from './contract-panel';
import { useBounceClear, useQuoteWithdraw, useThread, useThreadSend } from './thread-queries';
import { MemoPlayer } from '../../components/memo-player';

const card = 'rounded-xl border border-slate-200 bg-white p-4';
const button = 'min-h-11 rounded-lg bg-indigo-700 px-4 font-medium text-white hover:bg-indigo-800 disabled:opacity-50';

const stateTone: Record<QuoteState, string> = {
  open: 'bg-amber-100 text-amber-950',
  accepted: 'bg-green-100 text-green-900',
  expired: 'bg-slate-200 text-slate-800',
  superseded: 'bg-slate-200 text-slate-800',
  withdrawn: 'bg-red-100 text-red-900',
};

/** A quote in the team's thread: its version and state, the line items and sums, the acceptance, print, withdraw. */
function QuoteCard({ leadId, quote }: { leadId: string; quote: QuoteView }) {
  const state = quoteState(quote, new Date());
  const withdraw = useQuoteWithdraw(leadId);
  const label =
    state === 'accepted'
      ? quoteFormCopy.accepted(quote.acceptedName, formatKst(quote.acceptedAt!))
      : state === 'open'
        ? quoteFormCopy.open
        : quoteFormCopy[state];
  return (
    <div
      className="mt-2 rounded-lg border border-indigo-200 bg-white p-2 text-sm"
      data-testid="thread-quote"
      data-state={state}
    >
      <p className="flex flex-wrap items-center gap-2 font-medium">
        {quoteFormCopy.version(quote.version)}
        <span className={`rounded px-2 py-0.5 text-xs ${stateTone[state]}`} data-testid="thread-quote-state">
          {label}
        </span>
        <span className="font-normal text-slate-700">
          {quoteFormCopy.validUntil} {formatKstDay(quote.validUntil)}
        </span>
      </p>
      <table className="mt-2 w-full text-left tabular-nums" data-testid="thread-quote-items">
        <thead>
          <tr className="border-b border-slate-200 text-slate-700">
            <th className="hidden py-1 font-medium sm:table-cell">{quoteCopy.columns.description}</th>
            <th className="py-1 text-right font-medium">{quoteCopy.columns.quantity}</th>
            <th className="py-1 text-right font-medium">{quoteCopy.columns.unitPrice}</th>
            <th className="py-1 text-right font-medium">{quoteCopy.columns.amount}</th>
          </tr>
        </thead>
        <tbody>
          {/* On a phone each line's 항목 takes a row of its own above its figures, so it is never squeezed. */}
          {quote.items.map((item, index) => (
            <Fragment key={index}>
              <tr className="sm:hidden">
                <td colSpan={3} className="pt-1 break-words">
                  {item.description}
                </td>
              </tr>
              <tr className="border-b border-slate-100 align-top">
                <td className="hidden py-1 break-words sm:table-cell">{item.description}</td>
                <td className="py-1 text-right">{item.quantity.toLocaleString('ko-KR')}</td>
                <td className="py-1 text-right whitespace-nowrap">{formatWon(item.unitPrice)}</td>
                <td className="py-1 text-right whitespace-nowrap">{formatWon(quote.totals.lines[index]!)}</td>
              </tr>
            </Fragment>
          ))}
        </tbody>
      </table>
      <p className="mt-1">
        {quoteCopy.supply} {formatWon(quote.totals.supply)} · {quoteCopy.vat(VAT_PERCENT)} {formatWon(quote.totals.vat)}{' '}
        · {quoteCopy.total} <strong>{formatWon(quote.totals.total)}</strong>
      </p>
      {quote.notes && (
        <p className="mt-1 whitespace-pre-wrap break-words">
          {quoteCopy.notes}: {quote.notes}
        </p>
      )}
      {quote.acceptedSha256 && (
        <>
          {/* Accepted, then replaced: the record of what was accepted stays with it. */}
          {state !== 'accepted' && quote.acceptedAt && (
            <p className="mt-1 text-green-800">
              {quoteFormCopy.accepted(quote.acceptedName, formatKst(quote.acceptedAt))}
            </p>
          )}
          <p className="mt-1 break-all text-xs text-slate-700" data-testid="thread-quote-sha256">
            {quoteFormCopy.fingerprint} {quote.acceptedSha256}
          </p>
          <p
            className={`mt-1 text-xs ${quote.acceptanceIntact === false ? 'text-red-800' : 'text-green-800'}`}
            data-testid="thread-quote-intact"
          >
            {quote.acceptanceIntact === false ? quoteFormCopy.differs : quoteFormCopy.intact}
          </p>
        </>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <a
          href={leadQuotePrintPath(leadId, quote.id)}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3"
        >
          {quoteFormCopy.print}
        </a>
        <a
          href={leadQuotePdfPath(leadId, quote.id)}
          download
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3"
        >
          {quoteFormCopy.pdf}
        </a>
        {(state === 'open' || state === 'expired') && (
          <button
            type="button"
            disabled={withdraw.isPending}
            onClick={() => {
              if (window.confirm(quoteFormCopy.withdrawConfirm)) withdraw.mutate(quote.id);
            }}
            className="min-h-11 rounded-lg border border-red-300 px-3 text-red-900"
          >
            {quoteFormCopy.withdraw}
          </button>
        )}
      </div>
      {withdraw.isError && (
        <p role="alert" className="mt-2 text-red-800">
          {withdraw.error.message}
        </p>
      )}
    </div>
  );
}

function Message({ leadId, message }: { leadId: string; message: ThreadMessageView }) {
  const team = message.side === 'team';
  return (
    <li
      data-testid="thread-message"
      data-side={message.side}
      className={`rounded-lg border p-3 ${team ? 'border-slate-200 bg-slate-50' : 'ml-4 border-indigo-200 bg-indigo-50'}`}
    >
      <p className="text-sm text-slate-700">
        <strong className="text-slate-900">{team ? copy.team(message.memberEmail) : copy.founder}</strong> ·{' '}
        {formatKst(message.at)}
      </p>
      {message.body && <p className="mt-1 whitespace-pre-wrap break-words">{message.body}</p>}
      {message.memo && (
        <div className="mt-2">
          <p className="text-sm text-slate-700">
            {copy.memo}
            {message.memo.durationMs > 0 && ` (${formatMemoDuration(message.memo.durationMs)})`}
          </p>
          <MemoPlayer src={leadThreadMemoPath(leadId, message.id)} durationMs={message.memo.durationMs} />
        </div>
      )}
      {message.quote && <QuoteCard leadId={leadId} quote={message.quote} />}
    </li>
  );
}

/** What the mailbox reader kept for the team (decision 127): a bounce, and replies from another sender. */
function MailNotes({ leadId, mail }: { leadId: string; mail: ThreadMailView }) {
  const clear = useBounceClear(leadId);
  return (
    <>
      {mail.bouncedAt && (
        <div role="status" className="mb-3 rounded-lg bg-amber-50 p-3 text-amber-950" data-testid="thread-bounced">
          <p>
            <strong className="mr-2 rounded bg-red-100 px-2 py-0.5 text-sm text-red-900">{copy.bouncedBadge}</strong>
            {copy.bounced(formatKst(mail.bouncedAt))}
          </p>
          <button
            type="button"
            disabled={clear.isPending}
            onClick={() => {
              if (window.confirm(copy.clearBounceConfirm)) clear.mutate();
            }}
            className="mt-2 min-h-11 rounded-lg border border-amber-400 bg-white px-3"
          >
            {copy.clearBounce}
          </button>
          {clear.isError && (
            <p role="alert" className="mt-2 text-red-800">
              {clear.error.message}
            </p>
          )}
        </div>
      )}
      {mail.aside.length > 0 && (
        <section aria-labelledby="lead-thread-aside" className="mb-3 rounded-lg border border-amber-300 p-3">
          <h3 id="lead-thread-aside" className="font-medium">
            {copy.aside}
          </h3>
          <p className="text-sm text-slate-700">{copy.asideHint}</p>
          <ul className="mt-2 flex flex-col gap-2">
            {mail.aside.map((each) => (
              <li key={`${each.at}-${each.sender}`} data-testid="thread-aside" className="rounded bg-amber-50 p-2">
                <p className="text-sm text-slate-700">{copy.asideFrom(each.sender, formatKst(each.at))}</p>
                {each.subject && <p className="font-medium break-words">{each.subject}</p>}
                {each.body && <p className="whitespace-pre-wrap break-words">{each.body}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function MessageForm({ leadId }: { leadId: string }) {
  const id = useId();
  const [body, setBody] = useState('');
  // A template asked for while the member's own words are in the box: it replaces them only once they agree.
  const [asking, setAsking] = useState<ThreadTemplate | null>(null);
  const send = useThreadSend(leadId);
  const applyTemplate = (template: ThreadTemplate) => {
    setBody(template.body);
    setAsking(null);
    send.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim()) send.mutate({ kind: 'message', body: body.trim() }, { onSuccess: () => setBody('') });
  };
  return (
    <form onSubmit={submit} className="mt-4 flex flex-col gap-2">
      <p className="font-medium">{copy.templates}</p>
      <div className="flex flex-wrap gap-2">
        {threadTemplates.map((template) => (
          <button
            key={template.id}
            type="button"
            onClick={() =>
              body.trim() === '' || threadTemplates.some((each) => each.body === body)
                ? applyTemplate(template)
                : setAsking(template)
            }
            className="min-h-11 rounded-lg border border-slate-300 px-3"
          >
            {template.label}
          </button>
        ))}
      </div>
      {asking && (
        <div
          role="group"
          aria-labelledby={`${id}-ask`}
          className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 p-3 text-amber-950"
          data-testid="template-ask"
        >
          <p id={`${id}-ask`} className="w-full">
            {copy.replaceAsk(asking.label)}
          </p>
          {/* The question was just asked by this press: the answer is the next key. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <button type="button" autoFocus onClick={() => applyTemplate(asking)} className={button}>
            {copy.replace}
          </button>
          <button
            type="button"
            onClick={() => setAsking(null)}
            className="min-h-11 rounded-lg border border-slate-400 bg-white px-3"
          >
            {copy.keep}
          </button>
        </div>
      )}
      <label htmlFor={id} className="font-medium">
        {copy.message}
      </label>
      <textarea
        id={id}
        rows={6}
        required
        maxLength={THREAD_LIMITS.teamBodyMax}
        value={body}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setBody(event.target.value)}
        className="w-full rounded-lg border border-slate-400 px-3 py-2"
      />
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {copy.hint}
      </p>
      <div>
        <button type="submit" disabled={send.isPending} className={button}>
          {send.isPending ? copy.sending : copy.send}
        </button>
        {send.isError && (
          <p role="alert" className="mt-2 text-red-800">
            {send.error.message}
          </p>
        )}
        {send.isSuccess && (
          <p role="status" className="mt-2 text-green-800">
            {copy.sent}
          </p>
        )}
      </div>
    </form>
  );
}

export function ThreadPanel({ leadId }: { leadId: string }) {
  const thread = useThread(leadId);
  // The form starts from the lead's latest quote (issue 50), and again from the next one once that is sent.
  const lastQuote = thread.data?.messages.findLast((message) => message.quote !== null)?.quote ?? undefined;
  return (
    <section aria-labelledby="lead-thread" className={card} data-testid="lead-thread">
      <h2 id="lead-thread" className="mb-3 text-lg font-bold">
        {copy.heading}
      </h2>
      {thread.isError && (
        <p role="alert" className="text-red-800">
          {thread.error.message}
        </p>
      )}
      {thread.data?.mail && <MailNotes leadId={leadId} mail={thread.data.mail} />}
      {thread.data &&
        (thread.data.messages.length === 0 ? (
          <p className="text-slate-600">{copy.empty}</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {thread.data.messages.map((message) => (
              <Message key={message.id} leadId={leadId} message={message} />
            ))}
          </ol>
        ))}
      {thread.data && <ContractPanel leadId={leadId} contracts={thread.data.contracts ?? []} current={lastQuote} />}
      <MessageForm leadId={leadId} />
      {thread.data && <QuoteForm leadId={leadId} last={lastQuote} />}
    </section>
  );
}
