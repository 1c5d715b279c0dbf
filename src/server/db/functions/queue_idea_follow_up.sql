-- queue_idea_follow_up and its trigger on ideas (decisions 118, 119): per created idea, what follows it — the
-- founder's confirmation under its daily cap and the team's mail with its digest threshold — as store_ideas set
-- them in mvp24.follow_up. Applied whenever this text changes (db/repeatable.ts, decision 124); history: `git log`.
CREATE OR REPLACE FUNCTION "queue_idea_follow_up"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  told jsonb := nullif(current_setting('mvp24.follow_up', true), '')::jsonb;
BEGIN
  INSERT INTO idea_follow_ups (idea_id, founder_cap, team_digest_after, team_digest_period_ms)
  SELECT n.id, (told ->> 'cap')::integer,
    (told ->> CASE WHEN n.without_script THEN 'formDigest' ELSE 'digest' END)::bigint, (told ->> 'periodMs')::bigint
  FROM new_ideas n WHERE n.spam_reason IS NULL AND told IS NOT NULL
  UNION ALL
  SELECT n.id, NULL, NULL, NULL FROM new_ideas n WHERE n.spam_reason IS NOT NULL OR told IS NULL
  ON CONFLICT (idea_id) DO NOTHING;
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS "ideas_follow_up" ON "ideas";
CREATE TRIGGER "ideas_follow_up" AFTER INSERT ON "ideas" REFERENCING NEW TABLE AS "new_ideas"
  FOR EACH STATEMENT EXECUTE FUNCTION "queue_idea_follow_up"();
