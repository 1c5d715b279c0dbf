/**
 * An idea's id: a UUID in lower case, as PostgreSQL prints it. How one is recognised, alone or inside a text, and how
 * a list of them goes into SQL.
 */
import { sql, type SQL } from 'drizzle-orm';

const PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const WHOLE = new RegExp(`^${PATTERN}$`);
const ANYWHERE = new RegExp(PATTERN, 'g');

export const isIdeaId = (text: string): boolean => WHOLE.test(text);

/** Every idea id a text mentions, each once. */
export const ideaIdsIn = (text: string): string[] => [...new Set(text.match(ANYWHERE) ?? [])];

/** `id1::uuid, id2::uuid, …` for an `in (…)` list. */
export const ideaIdList = (ids: string[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
