-- queue_push_notifications and its triggers on alerts and workspace_events (decision 130): the push outbox's rows,
-- stored in the transaction of what they tell of, one per notification and device whose member chose its kind.
-- A new lead (the intake's `lead_received` event) goes to every device that chose it; a lead given to a member, to
-- that member's devices; the founder's answer, a meeting's change and the 24-hour clock's reminder and overdue
-- alert, to the lead's owner's devices, or everyone's when it has none. An alert stored on two channels (mail and
-- chat) is read once: its mail row (a meeting's change has only the chat's). `source` with the device is unique, so
-- a notification is stored once whoever stores it again. Applied whenever this text changes (db/repeatable.ts,
-- decision 124); history: `git log`.
CREATE OR REPLACE FUNCTION "queue_push_notifications"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'workspace_events' THEN
    INSERT INTO push_deliveries (source, subscription_id, idea_id, kind)
    SELECT 'lead_received:' || e.idea_id, s.id, e.idea_id, 'lead_received'
    FROM new_rows e CROSS JOIN push_subscriptions s
    WHERE e.kind = 'lead_received' AND e.idea_id IS NOT NULL AND 'lead_received' = ANY (s.choices)
    ON CONFLICT (source, subscription_id) DO NOTHING;
    RETURN NULL;
  END IF;
  INSERT INTO push_deliveries (source, subscription_id, idea_id, kind)
  SELECT a.key, s.id, a.idea_id, k.kind
  FROM new_rows a
  CROSS JOIN LATERAL (SELECT CASE a.kind WHEN 'founder_meeting'
    THEN 'meeting_' || coalesce(a.details ->> 'change', 'booked') ELSE a.kind END AS kind,
    CASE a.kind WHEN 'founder_meeting' THEN 'meeting' ELSE a.kind END AS choice) k
  JOIN ideas i ON i.id = a.idea_id
  LEFT JOIN team_members o ON o.id = i.owner_id AND o.removed_at IS NULL
  JOIN push_subscriptions s ON k.choice = ANY (s.choices)
  JOIN team_members m ON m.id = s.member_id AND m.removed_at IS NULL
  WHERE a.kind IN ('lead_assigned', 'founder_answered', 'founder_meeting', 'lead_due_soon', 'lead_overdue')
    AND (a.channel = 'mail' OR a.kind = 'founder_meeting')
    AND CASE WHEN a.kind = 'lead_assigned' THEN m.email = a.details ->> 'to'
      ELSE o.id IS NULL OR s.member_id = o.id END
  ON CONFLICT (source, subscription_id) DO NOTHING;
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS "workspace_events_push" ON "workspace_events";
CREATE TRIGGER "workspace_events_push" AFTER INSERT ON "workspace_events" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "queue_push_notifications"();
DROP TRIGGER IF EXISTS "alerts_push" ON "alerts";
CREATE TRIGGER "alerts_push" AFTER INSERT ON "alerts" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "queue_push_notifications"();
