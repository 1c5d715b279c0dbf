/**
 * Erasure behind a typed confirmation: the lead's reference typed again (as the team mail's memo file names it). A lead
 * whose agreement was concluded says what its erasure keeps apart (decision 160).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { retentionPromise } from '../../../../content/privacy';
import { leadsCopy } from '../../../../content/workspace';
import { useEraseLead } from './lead-queries';

const copy = leadsCopy.lead;

export function EraseDialog({
  id,
  reference,
  contractConcluded,
  onErased,
}: {
  id: string;
  reference: string;
  contractConcluded: boolean;
  onErased: () => void;
}) {
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const erase = useEraseLead(id);
  const matches = typed.trim().toLowerCase() === reference;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) erase.mutate(typed.trim(), { onSuccess: onErased });
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setTyped('');
      }}
    >
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="min-h-11 rounded-lg border border-red-400 px-3 font-medium text-red-800 hover:bg-red-50"
        >
          {copy.erase}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 bg-slate-900/50" />
        <Dialog.Content className="fixed inset-x-4 top-1/4 mx-auto max-w-md rounded-xl bg-white p-5 shadow-xl">
          <Dialog.Title className="mb-2 text-lg font-bold">{copy.eraseTitle}</Dialog.Title>
          <Dialog.Description className="mb-4 text-slate-700">{copy.eraseHelp(reference)}</Dialog.Description>
          {contractConcluded && (
            <p className="mb-4 rounded-lg bg-amber-50 p-3 text-amber-950" data-testid="erase-keeps-contract">
              {copy.eraseKeepsContract(retentionPromise.contractYears)}
            </p>
          )}
          <form onSubmit={submit}>
            <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
              {copy.eraseLabel}
            </label>
            <input
              id={inputId}
              value={typed}
              autoComplete="off"
              onChange={(event) => setTyped(event.target.value)}
              className="mb-4 min-h-11 w-full rounded-lg border border-slate-400 px-3 font-mono"
            />
            {erase.isError && (
              <p role="alert" className="mb-3 text-red-800">
                {erase.error.message}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <button type="button" className="min-h-11 rounded-lg border border-slate-300 px-3">
                  {copy.cancel}
                </button>
              </Dialog.Close>
              <button
                type="submit"
                disabled={!matches || erase.isPending}
                className="min-h-11 rounded-lg bg-red-700 px-4 font-medium text-white disabled:opacity-50"
              >
                {copy.eraseConfirm}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
