-- The funnel by source (decision 135): the Korean day of an instant (KST is UTC+9 all year; no time zone data
-- needed), the day a lead is counted under.
-- Applied whenever this text changes (db/repeatable.ts, decision 124); history: `git log` of this file.
CREATE OR REPLACE FUNCTION "lead_kst_day"("p_at" timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT (("p_at" AT TIME ZONE 'UTC') + interval '9 hours')::date
$$;
