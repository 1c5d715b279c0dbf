/**
 * The board (`/team/board`): the stages as columns and the leads as cards (board-card.tsx), from the same query and
 * filters as the list (leads/lead-filters.tsx). A card moves by drag or by keyboard (dnd-kit's keyboard sensor:
 * Space, the arrows, Space; board-keyboard.ts), announced in Korean. A move is the lead page's stage change: to
 * 프로토타입 전달 or 종료 it opens the same stage form, which asks for the link or the reason; a refused move
 * shows the server's message and leaves the card where it was.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { boardCopy as copy, leadsCopy } from '../../../content/workspace';
import { workspaceShellCopy as shellCopy } from '../../../content/workspace-shell';
import { withDirection } from '../../../domain/korean-particles';
import { STAGES, type Stage } from '../../../domain/stages';
import { LEAD_PAGE_SIZES, type LeadSummary } from '../../../domain/workspace-api';
import { useDocumentTitle } from '../document-title';
import { useServerNow } from '../features/leads/clock';
import { stageLabels } from './inbox';
import { LeadFilters, useLeadFilters } from '../features/leads/lead-filters';
import { StageForm } from '../features/leads/lead-forms';
import { useInbox } from '../features/leads/lead-queries';
import { useUnread } from '../features/live/unread';
import { BoardCard } from '../features/board/board-card';
import { columnCoordinates } from '../features/board/board-keyboard';
import { useBoardMove } from '../features/board/board-move';

function Column({ stage, children, count }: { stage: Stage; count: number; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const headingId = `board-column-${stage}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid={`board-column-${stage}`}
      // A readable width at every size (issue 47, item 7): seven columns scroll sideways rather than squeeze.
      className={`flex w-64 shrink-0 scroll-ms-4 flex-col rounded-xl border p-2 ${isOver ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200 bg-slate-50'}`}
    >
      <h2 id={headingId} className="px-1 pb-2 font-bold">
        {copy.column(stageLabels[stage], count)}
      </h2>
      {children}
    </section>
  );
}

/** Scrolls the board sideways to a column (its left edge at the board's), as far as the board scrolls. */
function showColumn(board: HTMLDivElement, stage: Stage, behavior: ScrollBehavior) {
  const column = board.querySelector<HTMLElement>(`[data-testid="board-column-${stage}"]`);
  if (column) board.scrollTo({ left: column.offsetLeft - board.offsetLeft - 16, behavior });
}

/**
 * Once, when the board first has leads: the first column that holds cards is brought into view if it is not (a phone
 * shows one column and a half: it opened on empty ones, the cards off-screen).
 */
function useFirstCardsInView(board: RefObject<HTMLDivElement | null>, first: Stage | undefined) {
  const done = useRef(false);
  useEffect(() => {
    const element = board.current;
    if (done.current || !element || !first) return;
    done.current = true;
    const column = element.querySelector<HTMLElement>(`[data-testid="board-column-${first}"]`);
    if (!column) return;
    const box = column.getBoundingClientRect();
    const view = element.getBoundingClientRect();
    if (box.left < view.left || box.right > view.right) showColumn(element, first, 'instant');
  }, [board, first]);
}

/** Where the cards are: each stage with its count, a tap away (the board scrolls to its column). */
function StageJumps({ counts, board }: { counts: Record<Stage, number>; board: RefObject<HTMLDivElement | null> }) {
  return (
    <nav aria-label={copy.jumpsLabel} className="mb-2">
      <ul className="flex flex-wrap gap-2" data-testid="board-jumps">
        {STAGES.map((stage) => (
          <li key={stage}>
            <button
              type="button"
              onClick={() => board.current && showColumn(board.current, stage, 'smooth')}
              className={`min-h-11 rounded-full border px-3 text-sm ${counts[stage] > 0 ? 'border-indigo-300 bg-indigo-50 font-medium text-indigo-950' : 'border-slate-200 text-slate-600'}`}
            >
              {copy.column(stageLabels[stage], counts[stage])}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function BoardScreen() {
  useDocumentTitle(copy.title);
  const [filters] = useLeadFilters();
  // The columns are the stages: the stage filter is the list's alone.
  const { stage: _listStage, ...boardFilters } = filters;
  const inbox = useInbox({ ...boardFilters, page: 1, pageSize: LEAD_PAGE_SIZES.max });
  const unread = new Set(useUnread().data?.ids);
  const now = useServerNow(inbox.data?.now);
  const move = useBoardMove();
  const [status, setStatus] = useState('');
  const [asking, setAsking] = useState<{ lead: LeadSummary; stage: Stage } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );
  const leads = inbox.data?.leads ?? [];
  const byId = new Map(leads.map((lead) => [lead.id, lead]));
  const counts = Object.fromEntries(
    STAGES.map((stage) => [stage, leads.filter((lead) => lead.stage === stage).length]),
  ) as Record<Stage, number>;
  const board = useRef<HTMLDivElement>(null);
  useFirstCardsInView(board, inbox.isSuccess ? STAGES.find((stage) => counts[stage] > 0) : undefined);
  const nameOf = (id: UniqueIdentifier) => byId.get(String(id))?.name ?? '';
  const labelOf = (id: UniqueIdentifier | undefined) => (id ? stageLabels[id as Stage] : '');
  const announcements: Announcements = {
    onDragStart: ({ active }) => copy.announcements.start(nameOf(active.id)),
    onDragOver: ({ active, over }) =>
      over
        ? copy.announcements.over(nameOf(active.id), labelOf(over.id))
        : copy.announcements.outside(nameOf(active.id)),
    onDragEnd: ({ active, over }) =>
      over ? copy.announcements.end(nameOf(active.id), labelOf(over.id)) : copy.announcements.cancel(nameOf(active.id)),
    onDragCancel: ({ active }) => copy.announcements.cancel(nameOf(active.id)),
  };

  const moved = (lead: LeadSummary, stage: Stage) =>
    setStatus(copy.moved(lead.name, withDirection(stageLabels[stage])));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const lead = byId.get(String(active.id));
    const stage = over?.id as Stage | undefined;
    if (!lead || !stage || stage === lead.stage) return;
    setStatus('');
    // The stages whose change carries a detail (the link, the reason) open the lead page's stage form.
    if (stage === 'delivered' || stage === 'closed') return setAsking({ lead, stage });
    move.mutate({ id: lead.id, change: { stage } }, { onSuccess: () => moved(lead, stage) });
  };

  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{copy.title}</h1>
      <p className="mb-4 hidden text-slate-700 sm:block">{copy.intro}</p>
      <LeadFilters stageFilter={false} />
      <p role="status" className="mb-2 min-h-6 text-sm text-green-800">
        {status}
      </p>
      {move.isError && (
        <p role="alert" className="mb-2 text-red-800">
          {move.error.message}
        </p>
      )}
      {inbox.isPending ? (
        <p className="text-slate-600">{shellCopy.loading}</p>
      ) : inbox.isError ? (
        <p role="alert" className="text-red-800">
          {inbox.error.message}
        </p>
      ) : (
        <>
          {inbox.data.total > leads.length && <p className="mb-2 text-sm text-slate-700">{copy.more(leads.length)}</p>}
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ announcements, screenReaderInstructions: { draggable: copy.instructions } }}
          >
            <StageJumps counts={counts} board={board} />
            <div ref={board} className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-4" data-testid="board">
              {STAGES.map((stage) => {
                const cards = leads.filter((lead) => lead.stage === stage);
                return (
                  <Column key={stage} stage={stage} count={cards.length}>
                    {cards.length === 0 ? (
                      <p className="px-1 text-sm text-slate-600">{copy.empty}</p>
                    ) : (
                      <ul className="flex flex-col gap-2">
                        {cards.map((lead) => (
                          <BoardCard key={lead.id} lead={lead} now={now} unread={unread.has(lead.id)} />
                        ))}
                      </ul>
                    )}
                  </Column>
                );
              })}
            </div>
          </DndContext>
        </>
      )}
      <Dialog.Root open={asking !== null} onOpenChange={(open) => !open && setAsking(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 bg-slate-900/50" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-x-4 top-16 mx-auto max-w-md rounded-xl bg-white p-5 shadow-xl"
          >
            {asking && (
              <>
                <Dialog.Title className="mb-3 text-lg font-bold">{copy.dialogTitle(asking.lead.name)}</Dialog.Title>
                <StageForm
                  lead={{ id: asking.lead.id, stage: asking.lead.stage, prototypeUrl: null }}
                  initialStage={asking.stage}
                  onSaved={() => {
                    moved(asking.lead, asking.stage);
                    setAsking(null);
                  }}
                />
                <Dialog.Close asChild>
                  <button type="button" className="mt-3 min-h-11 rounded-lg border border-slate-300 px-3">
                    {leadsCopy.lead.cancel}
                  </button>
                </Dialog.Close>
              </>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
