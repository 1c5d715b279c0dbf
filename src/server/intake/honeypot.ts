/** Honeypot: the hidden `website` input is invisible to people; any non-blank value means a bot filled it. */
import { HONEYPOT_FIELD } from '../../domain/idea';

export function honeypotFilled(body: Partial<Record<typeof HONEYPOT_FIELD, unknown>>): boolean {
  const value = body[HONEYPOT_FIELD];
  return typeof value === 'string' && value.trim() !== '';
}
