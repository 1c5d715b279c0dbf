-- The funnel by source (decision 135): a lead's timeline moved (a stage, a close, a release, a meeting booked, a
-- quote accepted): its marks are recomputed (lead_marks_now) and only the difference is added.
-- Applied whenever this text changes (db/repeatable.ts, decision 124); history: `git log` of this file.
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
