/** Debian's `webp` tools (img2webp, cwebp): the encoders the generator shells out to. */
import { CARD_IMAGE_SIZE } from '../../src/content/portfolio';
import { spawnSync } from 'node:child_process';

export const WEBP_TOOLS = ['img2webp', 'cwebp'] as const;

/** Throws a clear message naming the missing tools and the Debian package that provides them. */
export function assertWebpTools(): void {
  const missing = WEBP_TOOLS.filter((tool) => spawnSync(tool, ['-version'], { stdio: 'ignore' }).error !== undefined);
  if (missing.length > 0) {
    throw new Error(
      `Missing ${missing.join(', ')}: the demo generator needs Debian's WebP tools. Install them with\n` +
        '  sudo apt-get install webp\n(the CI entry .ci/run does this).',
    );
  }
}

export interface EncodeFrame {
  png: string;
  ms: number;
}

export interface AnimationOptions {
  /** 'lossless' keeps text pixel-exact; 'lossy' is smaller but blurs small coloured text. */
  mode: 'lossless' | 'lossy';
  /** Lossy: visual quality. Lossless: compression effort (0..100). */
  quality: number;
  /** Encoder method 0 (fast) .. 6 (slow, smaller). */
  method: number;
}

/**
 * Encodes PNG frames into an infinitely looping animated WebP with per-frame durations. The encoder stores only
 * the rectangle that changed between frames, so a long still hold costs one frame, not many.
 */
export function encodeAnimation(frames: readonly EncodeFrame[], out: string, options: AnimationOptions): void {
  const args = ['-loop', '0'];
  for (const frame of frames) {
    args.push(
      `-${options.mode}`,
      '-q',
      String(options.quality),
      '-m',
      String(options.method),
      '-d',
      String(frame.ms),
      frame.png,
    );
  }
  args.push('-o', out);
  run('img2webp', args);
}

/** Encodes one PNG as a still lossless WebP (maximum effort: it is encoded once and downloaded often). */
export function encodeStill(png: string, out: string): void {
  run('cwebp', ['-quiet', '-lossless', '-z', '9', png, '-o', out]);
}

function run(tool: string, args: string[]): void {
  const result = spawnSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${tool} exited with ${result.status}: ${result.stderr.trim()}`);
}

/** The card image: the poster frame scaled down, lossy (a photo-like screenshot at card size needs no lossless). */
export function encodeCardImage(png: string, out: string): void {
  run('cwebp', [
    '-quiet',
    '-q',
    '82',
    '-m',
    '6',
    '-resize',
    String(CARD_IMAGE_SIZE.width),
    String(CARD_IMAGE_SIZE.height),
    png,
    '-o',
    out,
  ]);
}
