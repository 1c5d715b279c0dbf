-- The funnel by source (decision 135): adds one lead's change (`p_new` minus `p_old`, each a lead_funnel_marks
-- value) to its day and source in lead_source_days; a row at zero goes.
-- Applied whenever this text changes (db/repeatable.ts, decision 124); history: `git log` of this file.
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
