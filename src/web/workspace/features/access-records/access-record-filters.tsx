/**
 * The access records' filters: a member, the kind of actor, the action, Korean days from and to, a lead's reference.
 * Checked on the page with the route's own schema (domain/team-auth-api.ts) before it is sent, so a mistyped
 * reference or a range the wrong way round gets its own Korean message at once; applied with the button (dates and a
 * reference are typed), cleared with 「모두 보기」. Two columns on a phone, one row on a wide screen.
 */
import { useId, useState, type FormEvent } from 'react';
import { workspaceShellCopy } from '../../../../content/workspace-shell';
import { ACCESS_ACTIONS, ACCESS_ACTORS, type AccessAction, type AccessActor } from '../../../../domain/access-actions';
import { accessRecordsFilter, type AccessRecordsFilter } from '../../../../domain/team-auth-api';
import { LabelledSelect } from '../../components/labelled-select';

const copy = workspaceShellCopy.accessRecords;
const actionLabels: Record<AccessAction, string> = copy.actions;
const actorLabels: Record<AccessActor, string> = copy.actors;

interface Draft {
  member: string;
  actor: AccessActor | '';
  action: AccessAction | '';
  from: string;
  to: string;
  lead: string;
}
const EMPTY: Draft = { member: '', actor: '', action: '', from: '', to: '', lead: '' };

const draftOf = (filter: AccessRecordsFilter): Draft => ({ ...EMPTY, ...filter });

/** Which message a refused draft gets: the reference's, the range's, or the general one. */
function refusalOf(path: PropertyKey | undefined) {
  if (path === 'lead') return copy.filters.invalidLead;
  if (path === 'to' || path === 'from') return copy.filters.invalidRange;
  return copy.filters.invalid;
}

export function AccessRecordFilters({
  filter,
  members,
  onChange,
}: {
  filter: AccessRecordsFilter;
  members: readonly { id: string; email: string }[];
  onChange: (filter: AccessRecordsFilter) => void;
}) {
  const ids = { from: useId(), to: useId(), lead: useId(), error: useId() };
  const [draft, setDraft] = useState<Draft>(() => draftOf(filter));
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = Object.fromEntries(Object.entries(draft).filter(([, value]) => value.trim() !== ''));
    const parsed = accessRecordsFilter.safeParse(given);
    if (!parsed.success) {
      setRefusal(refusalOf(parsed.error.issues[0]?.path[0]));
      return;
    }
    setRefusal(null);
    onChange(parsed.data);
  };
  const reset = () => {
    setDraft(EMPTY);
    setRefusal(null);
    onChange({});
  };
  const field = 'min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3';
  return (
    <form
      aria-label={copy.filters.label}
      onSubmit={submit}
      noValidate
      className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-6 lg:items-end"
    >
      <LabelledSelect
        label={copy.filters.member}
        value={draft.member}
        onChange={(member) => set({ member })}
        options={[
          { value: '', label: copy.filters.allMembers },
          ...members.map((member) => ({ value: member.id, label: member.email })),
        ]}
        className="min-w-0"
      />
      <LabelledSelect
        label={copy.filters.actor}
        value={draft.actor}
        onChange={(actor) => set({ actor })}
        options={[
          { value: '', label: copy.filters.allActors },
          ...ACCESS_ACTORS.map((actor) => ({ value: actor, label: actorLabels[actor] })),
        ]}
        className="min-w-0"
      />
      <LabelledSelect
        label={copy.filters.action}
        value={draft.action}
        onChange={(action) => set({ action })}
        options={[
          { value: '', label: copy.filters.allActions },
          ...ACCESS_ACTIONS.map((action) => ({ value: action, label: actionLabels[action] })),
        ]}
        className="col-span-2 min-w-0 sm:col-span-1"
      />
      <div className="min-w-0">
        <label htmlFor={ids.from} className="mb-1 block text-sm font-medium">
          {copy.filters.from}
        </label>
        <input
          id={ids.from}
          type="date"
          value={draft.from}
          onChange={(event) => set({ from: event.target.value })}
          aria-describedby={refusal ? ids.error : undefined}
          className={field}
        />
      </div>
      <div className="min-w-0">
        <label htmlFor={ids.to} className="mb-1 block text-sm font-medium">
          {copy.filters.to}
        </label>
        <input
          id={ids.to}
          type="date"
          value={draft.to}
          onChange={(event) => set({ to: event.target.value })}
          aria-describedby={refusal ? ids.error : undefined}
          className={field}
        />
      </div>
      <div className="col-span-2 min-w-0 sm:col-span-1">
        <label htmlFor={ids.lead} className="mb-1 block text-sm font-medium">
          {copy.filters.lead}
        </label>
        <input
          id={ids.lead}
          value={draft.lead}
          placeholder={copy.filters.leadHint}
          maxLength={36}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => set({ lead: event.target.value })}
          aria-describedby={refusal ? ids.error : undefined}
          className={`${field} font-mono`}
        />
      </div>
      <div className="col-span-2 flex gap-2 sm:col-span-3 lg:col-span-6">
        <button type="submit" className="min-h-11 rounded-lg bg-indigo-700 px-4 font-medium text-white">
          {copy.filters.apply}
        </button>
        <button
          type="button"
          onClick={reset}
          className="min-h-11 rounded-lg border border-slate-300 px-4 font-medium hover:bg-slate-50"
        >
          {copy.filters.reset}
        </button>
      </div>
      {refusal && (
        <p id={ids.error} role="alert" className="col-span-2 text-red-800 sm:col-span-3 lg:col-span-6">
          {refusal}
        </p>
      )}
    </form>
  );
}
