-- The funnel by source (decision 135): the bucket of a stay in a stage (seconds), geometric and 20 % wide in
-- minutes; domain/source-funnel.ts `stageTimeBucket` is the same formula and reads the buckets back.
-- Applied whenever this text changes (db/repeatable.ts, decision 124); history: `git log` of this file.
CREATE OR REPLACE FUNCTION "lead_bucket_of_stay"("p_seconds" double precision) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(ln(1 + greatest("p_seconds", 0) / 60) / ln(1.2))::integer
$$;
