/** The move every story repeats: open another screen from the sidebar, then let the page fade in. */
import type { StoryBuilder } from '../timeline';

export interface ScreenState {
  screen: number;
  /** 0..1: how far the current screen has faded in. */
  enter: number;
}

export function openFromSidebar<S extends ScreenState>(
  b: StoryBuilder<S>,
  screen: number,
  patch: Partial<S> = {},
): void {
  b.move(`nav-${screen}`, 450).click();
  showScreen(b, screen, patch);
}

/** Switch screens (after a click elsewhere) with the same short fade-in. */
export function showScreen<S extends ScreenState>(b: StoryBuilder<S>, screen: number, patch: Partial<S> = {}): void {
  b.set({ ...patch, screen } as Partial<S>).animate(170, (p) => ({ enter: p }) as Partial<S>);
}
