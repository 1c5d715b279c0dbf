-- The funnel by source (decision 135): an erased lead takes back what it added. Its lead_funnel_marks row goes by
-- the cascade from ideas (the erasure's one statement, decision 111), and this trigger subtracts its marks; nothing
-- is left of the lead in lead_source_days but counts others share.
-- Applied whenever this text changes (db/repeatable.ts, decision 124); history: `git log` of this file.
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
