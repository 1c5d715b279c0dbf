-- Issue 47, item 5: the search text (idea_search, decision 115) also holds the team's notes and the thread's
-- messages, both ways, added as each is written (ideas/search-text.ts). This adds those written before, in the order
-- they were written, to the ideas already indexed; an idea the follow-up has not indexed yet gets them when it does.
UPDATE "idea_search" s SET "text" = s."text" || E'\n' || w."said"
FROM (
  SELECT "idea_id", string_agg(lower("words"), E'\n' ORDER BY "at") AS "said"
  FROM (
    SELECT e."idea_id", e."at", e."details" ->> 'text' AS "words" FROM "idea_events" e
      WHERE e."kind" = 'note' AND coalesce(e."details" ->> 'text', '') <> ''
    UNION ALL
    SELECT m."idea_id", m."at", m."body" FROM "thread_messages" m WHERE m."body" <> ''
  ) said
  GROUP BY "idea_id"
) w
WHERE w."idea_id" = s."idea_id";
