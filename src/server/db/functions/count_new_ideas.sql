-- The funnel by source (decision 135): the intake's new ideas get their marks (`idea`, unless in the spam folder:
-- a release adds it then) and their counts, two statements per group commit.
-- Applied whenever this text changes (db/repeatable.ts, decision 124); history: `git log` of this file.
CREATE OR REPLACE FUNCTION "count_new_ideas"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_funnel_marks (idea_id, day, channel, source, campaign, marks)
  SELECT n.id, lead_kst_day(n.received_at), n.source_channel, n.source_name, n.source_campaign,
    CASE WHEN n.spam_reason IS NULL THEN '[["idea", ""]]'::jsonb ELSE '[]'::jsonb END
  FROM new_ideas n ORDER BY n.id;
  INSERT INTO lead_source_days AS d (day, channel, source, campaign, step, detail, count)
  SELECT lead_kst_day(n.received_at), n.source_channel, n.source_name, n.source_campaign, 'idea', '', count(*)::integer
  FROM new_ideas n WHERE n.spam_reason IS NULL
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, channel, source, campaign, step, detail) DO UPDATE SET count = d.count + excluded.count;
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS "ideas_count_sources" ON "ideas";
CREATE TRIGGER "ideas_count_sources" AFTER INSERT ON "ideas" REFERENCING NEW TABLE AS "new_ideas"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_new_ideas"();
