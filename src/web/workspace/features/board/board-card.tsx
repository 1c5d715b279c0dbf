/**
 * One card on the board: the name (a link to the lead's page), reference, clock, owner and voice badge; its handle
 * is what drag and keyboard pick up (a button of its own, so the link and the handle are not nested).
 */
import { useDraggable } from '@dnd-kit/core';
import { Link } from 'wouter';
import { boardCopy, leadsCopy } from '../../../../content/workspace';
import type { LeadSummary } from '../../../../domain/workspace-api';
import { clockState } from '../leads/clock';
import { clockClass } from '../../pages/inbox';
import { UnreadMarker } from '../live/unread-marker';

const copy = leadsCopy.inbox;

export function BoardCard({ lead, now, unread }: { lead: LeadSummary; now: number; unread: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: lead.id,
    data: { stage: lead.stage },
    attributes: { roleDescription: boardCopy.roleDescription },
  });
  const clock = clockState(lead.clock, now);
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-testid="board-card"
      data-lead={lead.id}
      className={`flex gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm ${isDragging ? 'relative z-10 shadow-lg' : ''}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={boardCopy.cardMenu(lead.name)}
        className="flex min-h-11 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-700"
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <div className="min-w-0 flex-1">
        <p className="flex items-baseline gap-2">
          {unread && <UnreadMarker />}
          <Link
            href={`/leads/${lead.id}`}
            className="truncate font-bold text-indigo-800 underline-offset-2 hover:underline"
          >
            {lead.name}
          </Link>
        </p>
        <p className="font-mono text-xs whitespace-nowrap text-slate-600">{lead.reference}</p>
        <p className={`text-sm ${clockClass[clock.kind]}`}>{clock.text}</p>
        <p className="mt-1 flex flex-wrap gap-2 text-xs">
          {/* An address is cut with an ellipsis (its whole in the tooltip), never broken mid-word. */}
          <span
            className="max-w-full truncate text-slate-700"
            title={lead.owner ? copy.owner(lead.owner.email) : undefined}
          >
            {lead.owner ? copy.owner(lead.owner.email) : copy.noOwner}
          </span>
          {lead.voice && <span className="rounded bg-indigo-50 px-2 py-0.5 text-indigo-900">{copy.voice}</span>}
        </p>
      </div>
    </li>
  );
}
