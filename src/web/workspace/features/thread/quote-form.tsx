/**
 * The quote form on a lead's page (decision 102): line items (항목, 수량, 단가 in whole won), the validity day, notes
 * and the message it goes with; the sums shown as typed come from domain/quote.ts, as the server's and the status
 * page's do.
 */
import { useId, useState, type FormEvent } from 'react';
import { quoteCopy, quoteFormCopy as copy } from '../../../../content/quote';
import { threadTemplates } from '../../../../content/thread';
import {
  defaultValidUntil,
  earliestValidUntil,
  formatWon,
  QUOTE_LIMITS,
  quoteDraftSchema,
  quoteTotals,
  VAT_PERCENT,
  type QuoteView,
} from '../../../../domain/quote';
import type { ThreadView } from '../../../../domain/thread';
import { useThreadSend } from './thread-queries';

const field = 'min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3';
const button = 'min-h-11 rounded-lg bg-indigo-700 px-4 font-medium text-white hover:bg-indigo-800 disabled:opacity-50';

interface Line {
  description: string;
  quantity: string;
  unitPrice: string;
}

const emptyLine = (): Line => ({ description: '', quantity: '1', unitPrice: '' });
const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

/** The lines of an earlier quote, as the form's fields. */
const linesOf = (quote: QuoteView): Line[] =>
  quote.items.map((item) => ({
    description: item.description,
    quantity: String(item.quantity),
    unitPrice: String(item.unitPrice),
  }));

const quoteTemplate = () => threadTemplates.find((template) => template.id === 'quote')!.body;

/** The lead's latest quote in a thread as the server answered it. */
const latestQuote = (thread: ThreadView): QuoteView | undefined =>
  thread.messages.findLast((message) => message.quote !== null)?.quote ?? undefined;

/**
 * `last`: the lead's latest quote, which the form starts from (its lines and 비고; the validity starts anew), so a
 * changed quote is the last one edited, sent as the next version. The form keeps what is typed when another member's
 * quote arrives meanwhile: it says so and offers to start again from it, and the server refuses a draft sent from the
 * older one (`basedOn`, 409), so nobody replaces a quote they have not seen.
 */
export function QuoteForm({ leadId, last }: { leadId: string; last?: QuoteView | undefined }) {
  const id = useId();
  const [base, setBase] = useState(last);
  const [lines, setLines] = useState<Line[]>(() => (last ? linesOf(last) : [emptyLine()]));
  const [validUntil, setValidUntil] = useState(() => defaultValidUntil(new Date()));
  const [notes, setNotes] = useState(last?.notes ?? '');
  const [body, setBody] = useState<string>(quoteTemplate);
  const [invalid, setInvalid] = useState(false);
  const send = useThreadSend(leadId);
  const startFrom = (from: QuoteView | undefined) => {
    setBase(from);
    setLines(from ? linesOf(from) : [emptyLine()]);
    setValidUntil(defaultValidUntil(new Date()));
    setNotes(from?.notes ?? '');
    setBody(quoteTemplate());
    setInvalid(false);
  };
  const newer = last && last.id !== base?.id && !send.isPending ? last : undefined;
  const items = lines.map((line) => ({
    description: line.description.trim(),
    quantity: whole(line.quantity),
    unitPrice: whole(line.unitPrice),
  }));
  const totals = quoteTotals(
    items.map((item) => ({ ...item, quantity: item.quantity || 0, unitPrice: item.unitPrice || 0 })),
  );
  const update = (index: number, change: Partial<Line>) =>
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...change } : line)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = quoteDraftSchema.safeParse({ items, validUntil, notes, body, basedOn: base?.id ?? null });
    setInvalid(!draft.success);
    if (draft.success)
      send.mutate(
        { kind: 'quote', draft: draft.data },
        // The thread comes back with the new quote: the form starts again from it.
        { onSuccess: (thread) => startFrom(latestQuote(thread)) },
      );
  };
  return (
    <form
      onSubmit={submit}
      className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-4"
      data-testid="quote-form"
    >
      <h3 className="text-lg font-bold">{copy.heading}</h3>
      {base && (
        <p className="text-sm text-slate-700" data-testid="quote-form-copied">
          {copy.copiedFrom(base.version)}
        </p>
      )}
      {newer && (
        <div
          role="status"
          className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm"
          data-testid="quote-form-newer"
        >
          <p>{copy.newer(newer.version)}</p>
          <button
            type="button"
            className="mt-2 min-h-11 rounded-lg border border-slate-400 bg-white px-3 font-medium"
            onClick={() => {
              send.reset();
              startFrom(newer);
            }}
          >
            {copy.restart(newer.version)}
          </button>
        </div>
      )}
      {lines.map((line, index) => (
        <fieldset key={index} className="grid grid-cols-2 gap-2 sm:grid-cols-[2fr_1fr_1fr_auto]">
          <legend className="sr-only">
            {copy.description} {index + 1}
          </legend>
          <label className="col-span-2 flex flex-col text-sm sm:col-span-1">
            {copy.description}
            <input
              className={field}
              required
              maxLength={QUOTE_LIMITS.descriptionMax}
              value={line.description}
              onChange={(event) => update(index, { description: event.target.value })}
            />
          </label>
          <label className="flex flex-col text-sm">
            {copy.quantity}
            <input
              className={field}
              required
              inputMode="numeric"
              value={line.quantity}
              onChange={(event) => update(index, { quantity: event.target.value })}
            />
          </label>
          <label className="flex flex-col text-sm">
            {copy.unitPrice}
            <input
              className={field}
              required
              inputMode="numeric"
              value={line.unitPrice}
              onChange={(event) => update(index, { unitPrice: event.target.value })}
            />
          </label>
          {lines.length > 1 && (
            <button
              type="button"
              aria-label={copy.removeItem(index + 1)}
              onClick={() => setLines((current) => current.filter((_, at) => at !== index))}
              className="min-h-11 self-end rounded-lg border border-slate-300 px-3"
            >
              ×
            </button>
          )}
        </fieldset>
      ))}
      {lines.length < QUOTE_LIMITS.items && (
        <div>
          <button
            type="button"
            onClick={() => setLines((current) => [...current, emptyLine()])}
            className="min-h-11 rounded-lg border border-slate-300 px-3"
          >
            {copy.addItem}
          </button>
        </div>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 text-sm" data-testid="quote-form-totals">
        <dt>{quoteCopy.supply}</dt>
        <dd>{formatWon(totals.supply)}</dd>
        <dt>{quoteCopy.vat(VAT_PERCENT)}</dt>
        <dd>{formatWon(totals.vat)}</dd>
        <dt className="font-bold">{quoteCopy.total}</dt>
        <dd className="font-bold">{formatWon(totals.total)}</dd>
      </dl>
      <label htmlFor={`${id}-valid`} className="font-medium">
        {copy.validUntil}
      </label>
      <input
        id={`${id}-valid`}
        type="date"
        required
        min={earliestValidUntil(new Date())}
        className={field}
        value={validUntil}
        onChange={(event) => setValidUntil(event.target.value)}
      />
      <label htmlFor={`${id}-notes`} className="font-medium">
        {copy.notes}
      </label>
      <textarea
        id={`${id}-notes`}
        rows={2}
        maxLength={QUOTE_LIMITS.notesMax}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        className="w-full rounded-lg border border-slate-400 px-3 py-2"
      />
      <label htmlFor={`${id}-body`} className="font-medium">
        {copy.message}
      </label>
      <textarea
        id={`${id}-body`}
        rows={3}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        className="w-full rounded-lg border border-slate-400 px-3 py-2"
      />
      <div>
        <button type="submit" disabled={send.isPending} className={button}>
          {copy.send}
        </button>
        {invalid && (
          <p role="alert" className="mt-2 text-red-800">
            {copy.invalid}
          </p>
        )}
        {send.isError && (
          <p role="alert" className="mt-2 text-red-800">
            {send.error.message}
          </p>
        )}
        {send.isSuccess && !invalid && (
          <p role="status" className="mt-2 text-green-800">
            {copy.sent}
          </p>
        )}
      </div>
    </form>
  );
}
