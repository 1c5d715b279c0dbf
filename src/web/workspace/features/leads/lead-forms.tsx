/** The changes on a lead's page: stage (with the prototype link or the closing reason), owner and notes. */
import { useId, useState, type FormEvent } from 'react';
import { leadsCopy } from '../../../../content/workspace';
import { STAGE_DETAIL_LIMITS, STAGES, type Stage, type StageChange } from '../../../../domain/stages';
import { LEAD_NOTE_MAX, type LeadDetail } from '../../../../domain/workspace-api';
import { stageLabels } from '../../pages/inbox';
import { LabelledSelect } from '../../components/labelled-select';
import { useLeadChange } from './lead-queries';

const copy = leadsCopy.lead;
const field = 'min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3';
const button = 'min-h-11 rounded-lg bg-indigo-700 px-4 font-medium text-white hover:bg-indigo-800 disabled:opacity-50';

function Outcome({ change }: { change: ReturnType<typeof useLeadChange> }) {
  if (change.isError)
    return (
      <p role="alert" className="mt-2 text-red-800">
        {change.error.message}
      </p>
    );
  if (change.isSuccess)
    return (
      <p role="status" className="mt-2 text-green-800">
        {copy.saved}
      </p>
    );
  return null;
}

/**
 * A form's 저장 button, held while its change is on the way, with the change's outcome beside it. Each form clears
 * that outcome when the browser blocks a submit (an empty or invalid field): a blocked change never leaves the last
 * 「저장했어요.」 on screen.
 */
function SaveRow({ change, label = copy.save }: { change: ReturnType<typeof useLeadChange>; label?: string }) {
  return (
    <div>
      <button type="submit" disabled={change.isPending} className={button}>
        {label}
      </button>
      <Outcome change={change} />
    </div>
  );
}

/**
 * The stage form, on a lead's page and in the board's move dialog (`initialStage`: the column a card was dropped on;
 * `onSaved`: after the change was stored).
 */
export function StageForm({
  lead,
  initialStage,
  onSaved,
}: {
  lead: Pick<LeadDetail, 'id' | 'stage' | 'prototypeUrl'>;
  initialStage?: Stage;
  onSaved?: () => void;
}) {
  const ids = { stage: useId(), url: useId(), reason: useId() };
  const [stage, setStage] = useState<Stage>(initialStage ?? lead.stage);
  const [prototypeUrl, setPrototypeUrl] = useState(lead.prototypeUrl ?? '');
  const [reason, setReason] = useState('');
  const change = useLeadChange(lead.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: StageChange =
      stage === 'delivered'
        ? { stage, prototypeUrl: prototypeUrl.trim() }
        : stage === 'closed'
          ? { stage, reason: reason.trim() }
          : { stage };
    change.mutate({ action: 'stage', body }, { onSuccess: () => onSaved?.() });
  };
  return (
    <form
      onSubmit={submit}
      onInvalidCapture={() => change.reset()}
      aria-labelledby={`${ids.stage}-heading`}
      className="flex flex-col gap-3"
    >
      <h2 id={`${ids.stage}-heading`} className="text-lg font-bold">
        {copy.stageHeading}
      </h2>
      <LabelledSelect
        label={leadsCopy.inbox.stage}
        value={stage}
        onChange={(next) => {
          setStage(next);
          change.reset(); // a new choice: the last one's 「저장했어요.」 no longer speaks for it
        }}
        options={STAGES.map((option) => ({ value: option, label: stageLabels[option] }))}
      />
      {stage === 'delivered' && (
        <div>
          <label htmlFor={ids.url} className="mb-1 block text-sm font-medium">
            {copy.prototypeUrl}
          </label>
          <input
            id={ids.url}
            type="url"
            required
            maxLength={STAGE_DETAIL_LIMITS.prototypeUrl}
            value={prototypeUrl}
            onChange={(event) => setPrototypeUrl(event.target.value)}
            className={field}
          />
        </div>
      )}
      {stage === 'closed' && (
        <div>
          <label htmlFor={ids.reason} className="mb-1 block text-sm font-medium">
            {copy.closeReason}
          </label>
          <input
            id={ids.reason}
            required
            maxLength={STAGE_DETAIL_LIMITS.reason}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={field}
          />
        </div>
      )}
      <SaveRow change={change} />
    </form>
  );
}

export function OwnerForm({ lead }: { lead: LeadDetail }) {
  const [owner, setOwner] = useState(lead.owner?.id ?? '');
  const change = useLeadChange(lead.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ action: 'owner', body: { ownerId: owner || null } });
  };
  return (
    <form onSubmit={submit} onInvalidCapture={() => change.reset()} className="flex flex-col gap-3">
      <LabelledSelect
        label={copy.ownerHeading}
        labelClassName="mb-3 block text-lg font-bold"
        value={owner}
        onChange={setOwner}
        options={[
          { value: '', label: copy.ownerNone },
          ...lead.members.map((member) => ({ value: member.id, label: member.email })),
        ]}
      />
      <SaveRow change={change} />
    </form>
  );
}

export function NoteForm({ lead }: { lead: LeadDetail }) {
  const id = useId();
  const [text, setText] = useState('');
  const change = useLeadChange(lead.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) change.mutate({ action: 'notes', body: { text: text.trim() } }, { onSuccess: () => setText('') });
  };
  return (
    <form onSubmit={submit} onInvalidCapture={() => change.reset()} className="flex flex-col gap-3">
      <label htmlFor={id} className="text-lg font-bold">
        {copy.notesHeading}
      </label>
      <textarea
        id={id}
        rows={3}
        required
        maxLength={LEAD_NOTE_MAX}
        value={text}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
        className="w-full rounded-lg border border-slate-400 px-3 py-2"
      />
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {copy.notesHint(LEAD_NOTE_MAX)}
      </p>
      <SaveRow change={change} label={copy.addNote} />
    </form>
  );
}
