/** Debian's `webp` tools (img2webp, cwebp): the encoders the generator shells out to. */
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
  /** 'lossy' (VP8 per frame at `quality`) or 'mixed' (the encoder picks lossy or lossless per frame). */
  mode: 'lossy' | 'mixed';
  quality: number;
}

/** Encodes PNG frames into an infinitely looping animated WebP with per-frame durations. */
export function encodeAnimation(frames: readonly EncodeFrame[], out: string, options: AnimationOptions): void {
  const args = ['-loop', '0', '-min_size'];
  if (options.mode === 'mixed') args.push('-mixed');
  for (const frame of frames) {
    if (options.mode === 'lossy') args.push('-lossy');
    args.push('-q', String(options.quality), '-m', '6', '-d', String(frame.ms), frame.png);
  }
  args.push('-o', out);
  run('img2webp', args);
}

/** Encodes one PNG as a still lossy WebP. */
export function encodeStill(png: string, out: string, quality: number): void {
  run('cwebp', ['-quiet', '-q', String(quality), '-m', '6', '-sharp_yuv', png, '-o', out]);
}

function run(tool: string, args: string[]): void {
  const result = spawnSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${tool} exited with ${result.status}: ${result.stderr.trim()}`);
}
