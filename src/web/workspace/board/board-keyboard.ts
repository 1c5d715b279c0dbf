/**
 * The board's keyboard moves for dnd-kit's KeyboardSensor: ← and → (also ↑ and ↓) carry the picked-up card to
 * the previous or next column's middle in stage order, whatever the columns' widths or the board's scroll.
 */
import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { STAGES, type Stage } from '../../../domain/stages';

const STEP: Record<string, -1 | 1> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export const columnCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = STEP[event.code];
  if (!step) return undefined;
  event.preventDefault();
  const from = (context.over?.id ?? context.active?.data.current?.stage) as Stage | undefined;
  const index = from ? STAGES.indexOf(from) : -1;
  const target = STAGES[Math.min(STAGES.length - 1, Math.max(0, index + step))];
  const rect = target ? context.droppableRects.get(target) : undefined;
  const card = context.collisionRect;
  if (!rect || !card) return currentCoordinates;
  return { x: rect.left + (rect.width - card.width) / 2, y: rect.top + Math.min(48, rect.height / 4) };
};
