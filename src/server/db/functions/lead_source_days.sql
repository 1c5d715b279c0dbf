-- The funnel by source (decision 135): lead_source_days, per Korean day of receipt and source, kept by triggers from
-- each lead's row in lead_funnel_marks (what it adds now, as [step, detail] pairs, with its day and source). A new
-- idea adds `idea` (not in the spam folder); a stage move, a release, a meeting booked, a quote accepted or a close
-- recomputes the lead's marks from its row and timeline and adds the difference; an erasure (or retention) deletes
-- the marks' row by its cascade, which takes back exactly what the lead added, and a row at zero is deleted. The
-- 현황 screen reads these rows only, never the leads. Applied whenever this text changes (db/repeatable.ts, decision
-- 124); history: `git log`. Safe to run again, the backfill at the end too.

-- The stage time bucket of a stay (seconds): geometric, 20 % wide in minutes; domain/source-funnel.ts reads it back.
CREATE OR REPLACE FUNCTION "lead_stage_time_bucket"("p_seconds" double precision) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(ln(1 + greatest("p_seconds", 0) / 60) / ln(1.2))::integer
$$;

-- The Korean day of an instant (KST is UTC+9 all year; no time zone data needed).
CREATE OR REPLACE FUNCTION "lead_kst_day"("p_at" timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT (("p_at" AT TIME ZONE 'UTC') + interval '9 hours')::date
$$;

-- What one lead adds now: `idea` unless it sits in the spam folder; `delivered` and `on_time` (delivered within 24
-- hours of receipt) from its row; `meeting` (moved to 미팅 or booked on the status page), `quote_accepted`,
-- `contracted` from its timeline; `lost:<stage>` with the 종료 reason while it is closed, <stage> the one it was
-- closed from; `time:<stage>` with the bucket of each finished stay in a stage (the current stay is not counted).
CREATE OR REPLACE FUNCTION "lead_marks_now"("p_idea" uuid) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  WITH i AS (
    SELECT received_at, stage, prototype_delivered_at, (spam_reason IS NULL OR released_at IS NOT NULL) AS counted
    FROM ideas WHERE id = "p_idea"
  ), e AS (
    SELECT id, kind, CASE WHEN kind = 'closed' THEN 'closed' ELSE stage END AS stage, at, details
    FROM idea_events
    WHERE idea_id = "p_idea" AND kind IN ('stage', 'closed', 'meeting_booked', 'quote_accepted')
  ), s AS (
    SELECT e.stage, e.at, e.details,
      coalesce(lag(e.stage) OVER w, 'new') AS was, coalesce(lag(e.at) OVER w, i.received_at) AS since,
      row_number() OVER (ORDER BY e.at DESC, e.id DESC) AS from_last
    FROM e CROSS JOIN i WHERE e.kind IN ('stage', 'closed') WINDOW w AS (ORDER BY e.at, e.id)
  ), marks AS (
    SELECT 'idea' AS step, '' AS detail
    UNION ALL SELECT 'delivered', '' FROM i WHERE i.prototype_delivered_at IS NOT NULL
    UNION ALL SELECT 'on_time', '' FROM i WHERE i.prototype_delivered_at <= i.received_at + interval '24 hours'
    UNION ALL SELECT 'meeting', '' WHERE EXISTS (SELECT 1 FROM e WHERE e.kind = 'meeting_booked' OR e.stage = 'meeting')
    UNION ALL SELECT 'quote_accepted', '' WHERE EXISTS (SELECT 1 FROM e WHERE e.kind = 'quote_accepted')
    UNION ALL SELECT 'contracted', '' WHERE EXISTS (SELECT 1 FROM e WHERE e.stage = 'contracted')
    UNION ALL SELECT 'lost:' || s.was, left(btrim(coalesce(s.details ->> 'reason', '')), 200)
      FROM s CROSS JOIN i WHERE s.from_last = 1 AND s.stage = 'closed' AND i.stage = 'closed'
    UNION ALL SELECT 'time:' || s.was, lead_stage_time_bucket(extract(epoch FROM s.at - s.since))::text
      FROM s WHERE s.was <> s.stage
  )
  SELECT CASE WHEN (SELECT counted FROM i)
    THEN (SELECT jsonb_agg(jsonb_build_array(m.step, m.detail) ORDER BY m.step, m.detail) FROM marks m)
    ELSE '[]'::jsonb END
$$;

-- Adds one lead's change (`p_new` minus `p_old`) to its day and source; a row at zero goes.
CREATE OR REPLACE FUNCTION "add_lead_marks"("p_day" date, "p_channel" text, "p_source" text, "p_campaign" text,
  "p_old" jsonb, "p_new" jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  emptied boolean;
BEGIN
  WITH diff AS (
    SELECT x.m ->> 0 AS step, x.m ->> 1 AS detail, sum(x.n)::integer AS n
    FROM (
      SELECT m, -1 AS n FROM jsonb_array_elements(coalesce("p_old", '[]'::jsonb)) m
      UNION ALL SELECT m, 1 FROM jsonb_array_elements(coalesce("p_new", '[]'::jsonb)) m
    ) x
    GROUP BY 1, 2 HAVING sum(x.n) <> 0
  ), up AS (
    INSERT INTO lead_source_days AS d (day, channel, source, campaign, step, detail, count)
    SELECT "p_day", "p_channel", "p_source", "p_campaign", diff.step, diff.detail, diff.n FROM diff
    ORDER BY diff.step, diff.detail
    ON CONFLICT (day, channel, source, campaign, step, detail) DO UPDATE SET count = d.count + excluded.count
    RETURNING d.count
  )
  SELECT coalesce(bool_or(up.count <= 0), false) INTO emptied FROM up;
  IF emptied THEN
    DELETE FROM lead_source_days d
    WHERE d.day = "p_day" AND d.channel = "p_channel" AND d.source = "p_source" AND d.campaign = "p_campaign"
      AND d.count <= 0;
  END IF;
END
$$;

-- The group's new ideas: their marks (`idea`, unless in the spam folder: a release adds it then) and their counts, in
-- two statements per group (the intake's group commit).
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

-- A lead's timeline moved: its marks recomputed, the difference added.
CREATE OR REPLACE FUNCTION "count_lead_event"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  l record;
  now_marks jsonb;
BEGIN
  SELECT f.day, f.channel, f.source, f.campaign, f.marks AS was INTO l
  FROM lead_funnel_marks f WHERE f.idea_id = NEW.idea_id;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  now_marks := lead_marks_now(NEW.idea_id);
  IF now_marks IS DISTINCT FROM l.was THEN
    PERFORM add_lead_marks(l.day, l.channel, l.source, l.campaign, l.was, now_marks);
    UPDATE lead_funnel_marks SET marks = now_marks WHERE idea_id = NEW.idea_id;
  END IF;
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS "idea_events_count_sources" ON "idea_events";
CREATE TRIGGER "idea_events_count_sources" AFTER INSERT ON "idea_events"
  FOR EACH ROW WHEN (NEW.kind IN ('stage', 'closed', 'released', 'meeting_booked', 'quote_accepted'))
  EXECUTE FUNCTION "count_lead_event"();

-- An erased lead takes back what it added: its marks' row goes by the cascade from ideas.
CREATE OR REPLACE FUNCTION "uncount_erased_lead"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.marks <> '[]'::jsonb THEN
    PERFORM add_lead_marks(OLD.day, OLD.channel, OLD.source, OLD.campaign, OLD.marks, NULL);
  END IF;
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS "lead_funnel_marks_uncount" ON "lead_funnel_marks";
CREATE TRIGGER "lead_funnel_marks_uncount" AFTER DELETE ON "lead_funnel_marks"
  FOR EACH ROW EXECUTE FUNCTION "uncount_erased_lead"();

-- The leads stored before this file: their marks and counts, once (a lead with marks is counted already).
WITH marked AS (
  INSERT INTO lead_funnel_marks (idea_id, day, channel, source, campaign, marks)
  SELECT i.id, lead_kst_day(i.received_at), i.source_channel, i.source_name, i.source_campaign, lead_marks_now(i.id)
  FROM ideas i WHERE NOT EXISTS (SELECT 1 FROM lead_funnel_marks f WHERE f.idea_id = i.id)
  RETURNING day, channel, source, campaign, marks
)
INSERT INTO lead_source_days AS d (day, channel, source, campaign, step, detail, count)
SELECT n.day, n.channel, n.source, n.campaign, m ->> 0, m ->> 1, count(*)::integer
FROM marked n CROSS JOIN LATERAL jsonb_array_elements(n.marks) m
GROUP BY 1, 2, 3, 4, 5, 6
ON CONFLICT (day, channel, source, campaign, step, detail) DO UPDATE SET count = d.count + excluded.count;
