/**
 * A demo story as an explicit list of frames. Every frame is a pure function of the story's state at that point:
 * nothing in the page runs on the wall clock, so the same story always produces the same pixels.
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** Where the pointer is: moving towards `target` (a `data-cursor` name in the markup), `p` of the way there. */
export interface CursorSpec {
  /** Increments on every new movement; the page starts a movement from wherever the pointer is. */
  move: number;
  target: string | null;
  p: number;
  down: boolean;
}

export interface Frame {
  html: string;
  /** How long this frame stays on screen, in milliseconds (an integer: WebP stores whole ms). */
  ms: number;
  cursor: CursorSpec;
}

export interface Story {
  slug: string;
  /** CSS custom properties for the product's accent colour. */
  theme: Record<string, string>;
  frames: Frame[];
  /** Index of the frame used as the still poster. */
  posterIndex: number;
}

/** Transition frame rate: smooth enough for a pointer and counters, cheap enough for the byte budget. */
export const TRANSITION_FPS = 12;

export const easeInOut = (p: number): number => (p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2);
export const easeOut = (p: number): number => 1 - (1 - p) ** 3;
export const lerp = (a: number, b: number, p: number): number => a + (b - a) * p;
/** Part of `p` (0..1) that falls inside the window [from, to], clamped to 0..1. */
export const segment = (p: number, from: number, to: number): number =>
  Math.min(1, Math.max(0, (p - from) / (to - from)));

/**
 * Builds a story frame by frame: `hold` shows the current state for a while, `animate` interpolates a state change
 * over several frames, `move`/`click` drive the pointer. State changes are shallow patches.
 */
export class StoryBuilder<S extends object> {
  readonly frames: Frame[] = [];
  private state: S;
  private cursor: CursorSpec = { move: 0, target: null, p: 1, down: false };
  private posterIndex = 0;

  constructor(
    private readonly render: (state: S) => ReactElement,
    initial: S,
  ) {
    this.state = initial;
  }

  private push(ms: number): void {
    const html = renderToStaticMarkup(this.render(this.state));
    this.frames.push({ html, ms: Math.max(1, Math.round(ms)), cursor: { ...this.cursor } });
  }

  /** Change the state without emitting a frame. */
  set(patch: Partial<S>): this {
    this.state = { ...this.state, ...patch };
    return this;
  }

  /** Show the current state (optionally patched first) for `ms`. */
  hold(ms: number, patch: Partial<S> = {}): this {
    this.set(patch);
    this.push(ms);
    return this;
  }

  /** The next frame emitted becomes the poster. */
  poster(): this {
    this.posterIndex = this.frames.length;
    return this;
  }

  /**
   * Interpolate over `ms`: each frame applies `patch(p)` (p from >0 to 1) to the state as it was before the call.
   * With `move`, the pointer travels to that target during the same frames.
   */
  animate(ms: number, patch: (p: number) => Partial<S>, options: { move?: string; fps?: number } = {}): this {
    const steps = Math.max(1, Math.round((ms / 1000) * (options.fps ?? TRANSITION_FPS)));
    const base = this.state;
    if (options.move !== undefined)
      this.cursor = { move: this.cursor.move + 1, target: options.move, p: 0, down: false };
    let spent = 0;
    for (let i = 1; i <= steps; i++) {
      const p = i / steps;
      const until = Math.round((ms * i) / steps);
      this.state = { ...base, ...patch(p) };
      if (options.move !== undefined) this.cursor = { ...this.cursor, p: easeInOut(p) };
      this.push(until - spent);
      spent = until;
    }
    return this;
  }

  /** Move the pointer to a target over `ms` while the state stays as it is. */
  move(target: string, ms = 600): this {
    return this.animate(ms, () => ({}), { move: target });
  }

  /** Press and release at the pointer's position; `after` is the state once the click has landed. */
  click(after: Partial<S> = {}, pressMs = 140): this {
    this.cursor = { ...this.cursor, down: true };
    this.push(pressMs);
    this.cursor = { ...this.cursor, down: false };
    this.set(after);
    return this;
  }

  build(slug: string, theme: Record<string, string>): Story {
    return { slug, theme, frames: this.frames, posterIndex: this.posterIndex };
  }
}

/** Total loop length in milliseconds. */
export const storyDuration = (story: Pick<Story, 'frames'>): number => story.frames.reduce((sum, f) => sum + f.ms, 0);
