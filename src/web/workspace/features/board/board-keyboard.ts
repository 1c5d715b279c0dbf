/**
 * The board's keyboard moves for dnd-kit's KeyboardSensor: ← and → (also ↑ and ↓) carry the picked-up card to
 * the previous or next column's middle in stage order, whatever the columns' widths or the board's scroll.
 */
import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { STAGES, type Stage } from '../../../../domain/stages';

const STEP: Record<string, -1 | 1> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export const columnCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = STEP[event.code];
  if (!step) return undefined;
  event.preventDefault();
  const card = context.collisionRect;
  if (!card) return currentCoordinates;
  // The column under the card now, from its own coordinates (`over` may not have caught up with a quick key).
  const middle = currentCoordinates.x + card.width / 2;
  const distance = (stage: Stage) => {
    const rect = context.droppableRects.get(stage);
    return rect ? Math.abs(rect.left + rect.width / 2 - middle) : Infinity;
  };
  const from = STAGES.reduce((best, stage) => (distance(stage) < distance(best) ? stage : best), STAGES[0]);
  const target = STAGES[Math.min(STAGES.length - 1, Math.max(0, STAGES.indexOf(from) + step))]!;
  const rect = context.droppableRects.get(target);
  if (!rect) return currentCoordinates;
  return { x: rect.left + (rect.width - card.width) / 2, y: currentCoordinates.y };
};
