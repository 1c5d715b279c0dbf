/**
 * 「확인할 메일」 (decision 142): the replies by mail that name no lead, newest first — the sender, subject, when it
 * came and the new words — each attached to a lead's thread by its reference (접수 번호) or dismissed. Every member
 * has this screen; the server records each view and action.
 */
import { useId, useState, type FormEvent } from 'react';
import { mailboxReviewCopy as copy } from '../../../content/mailbox-review';
import { formatKst } from '../../../domain/kst';
import type { UnmatchedMailView } from '../../../domain/mailbox-review';
import { PageHeading } from '../components/page-heading';
import { useDocumentTitle } from '../document-title';
import { useUnmatchedAction, useUnmatchedMail } from '../features/mailbox/mailbox-queries';

const button =
  'min-h-11 rounded-lg bg-indigo-700 px-4 font-semibold text-white hover:bg-indigo-800 disabled:opacity-60';
const plainButton = 'min-h-11 rounded-lg border border-slate-300 px-3 text-sm font-medium hover:bg-slate-50';

function UnmatchedMail({ mail, onDone }: { mail: UnmatchedMailView; onDone: (notice: string) => void }) {
  const id = useId();
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const action = useUnmatchedAction();
  const fail = (error: unknown) => setProblem(error instanceof Error ? error.message : String(error));
  const attach = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!/^\s*[0-9a-fA-F]{8}\s*$/.test(reference)) return setProblem(copy.errors.reference);
    // The promise, not mutate's callbacks: the mail leaves the list (this component with it) as the answer lands.
    action
      .mutateAsync({ kind: 'attach', key: mail.key, reference: reference.trim() })
      .then(() => onDone(copy.attached), fail);
  };
  const dismiss = () => {
    if (!window.confirm(copy.dismissConfirm)) return;
    setProblem(null);
    action.mutateAsync({ kind: 'dismiss', key: mail.key }).then(() => onDone(copy.dismissed), fail);
  };
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="unmatched-mail">
      <p className="text-sm text-slate-700">{copy.from(mail.sender, formatKst(mail.at))}</p>
      <p className="font-medium break-words">{mail.subject || copy.noSubject}</p>
      {mail.preview && <p className="mt-1 whitespace-pre-wrap break-words">{mail.preview}</p>}
      <form className="mt-3 flex flex-wrap items-end gap-2" onSubmit={attach} noValidate>
        <div className="flex flex-col">
          <label htmlFor={`${id}-reference`} className="text-sm font-medium">
            {copy.reference}
          </label>
          <input
            id={`${id}-reference`}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            placeholder={copy.referenceHint}
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-problem` : undefined}
            className="min-h-11 w-40 rounded-lg border border-slate-300 px-3"
          />
        </div>
        <button type="submit" className={button} disabled={action.isPending}>
          {copy.attach}
        </button>
        <button type="button" className={plainButton} disabled={action.isPending} onClick={dismiss}>
          {copy.dismiss}
        </button>
      </form>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="mt-2 text-red-800">
          {problem}
        </p>
      )}
    </li>
  );
}

export function MailboxReviewScreen() {
  useDocumentTitle(copy.title);
  const list = useUnmatchedMail();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className="mx-auto max-w-2xl">
      <PageHeading className="mb-2 text-2xl font-bold">{copy.title}</PageHeading>
      {list.data && <p className="mb-4 text-slate-700">{copy.lead(list.data.keptDays)}</p>}
      {notice && (
        <p role="status" className="mb-4 rounded-lg bg-green-50 p-3 text-green-900">
          {notice}
        </p>
      )}
      {list.isError && (
        <p role="alert" className="text-red-800">
          {list.error.message}
        </p>
      )}
      {list.data &&
        (list.data.mails.length === 0 ? (
          <p className="text-slate-600">{copy.empty}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {list.data.mails.map((mail) => (
              <UnmatchedMail key={mail.key} mail={mail} onDone={setNotice} />
            ))}
          </ul>
        ))}
    </section>
  );
}
