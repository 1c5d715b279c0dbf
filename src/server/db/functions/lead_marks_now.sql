-- The funnel by source (decision 135): what one lead adds to lead_source_days now, as [step, detail] pairs: `idea`
-- unless it sits in the spam folder; `delivered` and `on_time` (within 24 hours of receipt) from its row; `meeting`
-- (moved to 미팅 or booked on the status page), `quote_accepted`, `contracted` from its timeline; `lost:<stage>` with
-- the 종료 reason while it is closed, <stage> the one it was closed from; `time:<stage>` with the bucket of each
-- finished stay in a stage (the current stay is not counted).
-- Applied whenever this text changes (db/repeatable.ts, decision 124); history: `git log` of this file.
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
    UNION ALL SELECT 'time:' || s.was, lead_bucket_of_stay(extract(epoch FROM s.at - s.since))::text
      FROM s WHERE s.was <> s.stage
  )
  SELECT CASE WHEN (SELECT counted FROM i)
    THEN (SELECT jsonb_agg(jsonb_build_array(m.step, m.detail) ORDER BY m.step, m.detail) FROM marks m)
    ELSE '[]'::jsonb END
$$;
