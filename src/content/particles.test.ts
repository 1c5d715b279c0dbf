/**
 * No copy guesses a particle with a bracket (「(으)로」, 「을(를)」, 「(이)가」): a word known in the code takes its particle
 * from domain/korean-particles.ts; one that is not (an e-mail address) is written so it needs none.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = import.meta.dirname;
const files = fs.readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

describe('the copy', () => {
  it.each(files)('%s writes no bracketed particle', (name) => {
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    expect(text).not.toMatch(/\((으|이|을|를|은|는|과|와)\)|[을은이과와]\([를는가와과]\)/u);
  });
});
