/**
 * The inbox search's text per idea (`idea_search`, decisions 093 and 115): the follow-up writes the idea's name,
 * e-mail and text once it is stored (follow-up.ts); every note the team adds and every message of the thread, both
 * ways, is added here in the same transaction, so a search finds a lead by what was said about it (issue 47, item 5).
 * Whichever comes first, the other joins it: a note written before the follow-up ran keeps its words when the idea's
 * text arrives. Lowered, as the search lowers what is typed. The erasure takes the row with the idea.
 */
import { sql } from 'drizzle-orm';
import type { RowsFn } from '../db/client';

export async function addSearchText(rows: RowsFn, ideaId: string, text: string): Promise<void> {
  if (text.trim() === '') return;
  await rows(sql`
    insert into idea_search (idea_id, text)
    select id, lower(${text}) from ideas where id = ${ideaId}::uuid
    on conflict (idea_id) do update set text = idea_search.text || E'\n' || excluded.text`);
}
