-- The funnel by source (decision 135): counts the leads stored before lead_funnel_marks existed (or any lead
-- without marks), once: a lead with marks is counted already, so running it again changes nothing. Named to run
-- after the functions it calls (db/repeatable.ts applies the files in name order).
-- Applied whenever this text changes (db/repeatable.ts, decision 124); history: `git log` of this file.
CREATE OR REPLACE FUNCTION "lead_source_backfill"() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  counted integer;
BEGIN
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
  GET DIAGNOSTICS counted = ROW_COUNT;
  RETURN counted;
END
$$;
SELECT "lead_source_backfill"();
