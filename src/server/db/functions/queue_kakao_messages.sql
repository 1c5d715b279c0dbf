-- queue_kakao_messages and its triggers on founder_mails and meeting_mails (issue 49, part 2): the founder's
-- KakaoTalk updates follow the founder's mails, stored in the same transaction, for an idea whose founder asked for
-- them (ideas.kakao_updates): the confirmation (not one skipped by the daily cap) is the receipt, a team message or a
-- quote, the prototype's delivery, and the meeting's invitation (its first), change (a later sequence), cancellation
-- and the two reminders. `source` (the mail's key) makes each once. Applied whenever this text changes
-- (db/repeatable.ts, decision 124); history: `git log`.
CREATE OR REPLACE FUNCTION "queue_kakao_messages"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'founder_mails' THEN
    INSERT INTO kakao_messages (idea_id, source, template)
    SELECT f.idea_id, 'founder_mails:' || f.idea_id || ':' || f.kind || ':' || f.ref,
      CASE f.kind WHEN 'confirmation' THEN 'receipt' WHEN 'ready' THEN 'prototype_delivered'
        ELSE CASE WHEN EXISTS (SELECT 1 FROM thread_messages t WHERE t.id::text = f.ref AND t.quote_id IS NOT NULL)
          THEN 'quote' ELSE 'message' END END
    FROM new_rows f JOIN ideas i ON i.id = f.idea_id
    WHERE i.kakao_updates AND f.kind IN ('confirmation', 'ready', 'message') AND f.status <> 'skipped'
    ON CONFLICT (source) DO NOTHING;
    RETURN NULL;
  END IF;
  INSERT INTO kakao_messages (idea_id, source, template, meeting_id)
  SELECT m.idea_id, 'meeting_mails:' || n.key,
    CASE n.kind WHEN 'request' THEN CASE WHEN n.sequence = 0 THEN 'meeting_invitation' ELSE 'meeting_changed' END
      WHEN 'cancel' THEN 'meeting_cancelled' WHEN 'reminder_day' THEN 'meeting_day_before'
      ELSE 'meeting_hour_before' END,
    m.id
  FROM new_rows n JOIN meetings m ON m.id = n.meeting_id JOIN ideas i ON i.id = m.idea_id
  WHERE n.recipient = 'founder' AND i.kakao_updates
  ON CONFLICT (source) DO NOTHING;
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS "founder_mails_kakao" ON "founder_mails";
CREATE TRIGGER "founder_mails_kakao" AFTER INSERT ON "founder_mails" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "queue_kakao_messages"();
DROP TRIGGER IF EXISTS "meeting_mails_kakao" ON "meeting_mails";
CREATE TRIGGER "meeting_mails_kakao" AFTER INSERT ON "meeting_mails" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "queue_kakao_messages"();
