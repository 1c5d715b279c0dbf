/** The demo budgets from issue 3 (KB read as 1000 bytes, the stricter reading), shared by the generator and the asset test. */
export const DEMO_BUDGET = {
  /** Animated WebP, per demo. */
  animationBytes: 600_000,
  /** Still poster, per demo. */
  posterBytes: 60_000,
  /** The card image, per demo: what the portfolio section downloads for each card. */
  cardImageBytes: 25_000,
  minLoopMs: 8_000,
  maxLoopMs: 15_000,
  minWidth: 720,
} as const;
