-- store_ideas: the intake's one write (decisions 075, 116, 118, 119). The server sends a group of ideas as one
-- jsonb array and this function writes the form tokens' uses, the Idempotency-Keys, the ideas, their memos, the
-- per-address counts and the workspace's events in one statement; the trigger on ideas (queue_idea_follow_up.sql)
-- queues what follows each idea. This file is the function as it is now: it is applied whenever its text changes
-- (db/repeatable.ts, decision 124), so its history is `git log` of this file. Migrations 0020–0026 hold its past.
-- A change of its parameters needs a DROP FUNCTION of the old signature at the top of this file.
CREATE OR REPLACE FUNCTION "store_ideas"(
  "p_ideas" jsonb,
  "p_digest_threshold" bigint,
  "p_form_digest_threshold" bigint,
  "p_digest_period_ms" bigint,
  "p_confirmations_per_day" bigint,
  "p_rate_limit" bigint,
  "p_rate_window_ms" bigint,
  "p_notify_channel" text
) RETURNS TABLE ("i" integer, "created" boolean, "spam_reason" text, "rate_limited" boolean, "rate_count" bigint,
  "rate_ttl_ms" bigint, "event_id" bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  batch idea_in[] := array(SELECT b FROM jsonb_populate_recordset(NULL::idea_in, p_ideas) b ORDER BY b.i);
  won_tokens text[];
  earlier_hashes text[];
  earlier_keys text[];
  reused integer[] := '{}';
  won_keys uuid[];
  limited integer[] := '{}';
  counts bigint[] := '{}';
  ttls bigint[] := '{}';
  events bigint[] := '{}';
  event_ideas uuid[] := '{}';
  most_hits bigint;
  token_ideas bigint;
  memos bigint;
BEGIN
  -- The per-client rate limit: each key's hits added to its fixed window in one upsert, then each idea given its
  -- running count in the group's order; those over the limit leave the group before anything is stored.
  IF p_rate_limit IS NOT NULL THEN
    WITH hits AS (
      SELECT b.rate_key AS key, count(*) AS n FROM unnest(batch) b WHERE b.rate_key IS NOT NULL GROUP BY b.rate_key
    ), counted AS (
      INSERT INTO rate_limits AS r (key, count, reset_at)
      SELECT h.key, h.n, now() + p_rate_window_ms * interval '1 millisecond' FROM hits h ORDER BY h.key
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN r.reset_at <= now() THEN excluded.count ELSE r.count + excluded.count END,
        reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
      RETURNING r.key, r.count, r.reset_at
    ), running AS (
      SELECT b.i, c.count - h.n + row_number() OVER (PARTITION BY b.rate_key ORDER BY b.i) AS n_now,
        greatest(0, (extract(epoch FROM (c.reset_at - now())) * 1000)::bigint) AS ttl
      FROM unnest(batch) b JOIN hits h ON h.key = b.rate_key JOIN counted c ON c.key = b.rate_key
    )
    SELECT coalesce(array_agg(r.i ORDER BY r.i), '{}'), coalesce(array_agg(r.n_now ORDER BY r.i), '{}'),
      coalesce(array_agg(r.ttl ORDER BY r.i), '{}'), coalesce(max(r.n_now), 0)
    INTO limited, counts, ttls, most_hits
    FROM running r;
    -- Kept for the answers: every counted idea's count and time left; the group keeps those within the limit.
    IF most_hits > p_rate_limit THEN
      RETURN QUERY
        SELECT l.i, false, NULL::text, true, l.n_now, l.ttl, NULL::bigint
        FROM unnest(limited, counts, ttls) AS l(i, n_now, ttl) WHERE l.n_now > p_rate_limit;
      batch := array(
        SELECT b FROM unnest(batch) b
        WHERE NOT EXISTS (
          SELECT 1 FROM unnest(limited, counts) AS l(i, n_now) WHERE l.i = b.i AND l.n_now > p_rate_limit
        )
        ORDER BY b.i
      );
    END IF;
  END IF;
  -- The tokens' uses: the first use of each token in the group is its candidate.
  WITH candidate AS (
    SELECT DISTINCT ON (b.token_hash) b.token_hash, b.token_key, b.token_expires
    FROM unnest(batch) b WHERE b.token_hash IS NOT NULL ORDER BY b.token_hash, b.i
  ), ins AS (
    INSERT INTO used_form_tokens (token_hash, idempotency_key, expires_at)
    SELECT c.token_hash, c.token_key, c.token_expires FROM candidate c
    ON CONFLICT (token_hash) DO NOTHING RETURNING token_hash
  )
  -- With it, how many ideas carry a token and how many a memo: the usual group (every token new and used once, no
  -- memo) skips the statements below that would find nothing.
  SELECT coalesce((SELECT array_agg(ins.token_hash) FROM ins), '{}'), t.with_token, t.with_memo
  INTO won_tokens, token_ideas, memos
  FROM (
    SELECT count(*) FILTER (WHERE b.token_hash IS NOT NULL) AS with_token,
      count(*) FILTER (WHERE b.memo_bytes IS NOT NULL) AS with_memo
    FROM unnest(batch) b
  ) t;
  -- Every token-bearing idea won its token: none is a reuse. Otherwise the stored uses of the tokens this group did
  -- not win, by primary key, and a use that is neither its token's first nor a retry of that submission (the same
  -- Idempotency-Key) is a reuse.
  IF cardinality(won_tokens) < token_ideas THEN
    SELECT coalesce(array_agg(t.token_hash), '{}'), coalesce(array_agg(t.idempotency_key), '{}')
    INTO earlier_hashes, earlier_keys
    FROM used_form_tokens t
    WHERE t.token_hash = ANY (array(
      SELECT b.token_hash FROM unnest(batch) b WHERE b.token_hash IS NOT NULL AND NOT (b.token_hash = ANY (won_tokens))
    ));
    reused := array(
      SELECT b.i FROM unnest(batch) b
      JOIN (
        SELECT DISTINCT ON (u.token_hash) u.token_hash, u.i AS first_i, u.token_key AS first_key
        FROM unnest(batch) u WHERE u.token_hash IS NOT NULL ORDER BY u.token_hash, u.i
      ) c ON c.token_hash = b.token_hash
      LEFT JOIN unnest(earlier_hashes, earlier_keys) AS e(token_hash, idempotency_key) ON e.token_hash = b.token_hash
      WHERE NOT CASE
        WHEN b.token_hash = ANY (won_tokens) THEN b.i = c.first_i OR (b.token_key IS NOT NULL AND b.token_key = c.first_key)
        ELSE b.token_key IS NOT NULL AND b.token_key IS NOT DISTINCT FROM e.idempotency_key
      END
    );
  END IF;
  -- The Idempotency-Keys: an idea whose key was used before (or earlier in the group) is not created.
  WITH ins AS (
    INSERT INTO idempotency_keys (key, request_hash, idea_id, created_at)
    SELECT b.key, b.request_hash, b.id, b.at FROM unnest(batch) b WHERE b.key IS NOT NULL ORDER BY b.i
    ON CONFLICT (key) DO NOTHING RETURNING idea_id
  )
  SELECT coalesce(array_agg(ins.idea_id), '{}') INTO won_keys FROM ins;
  IF cardinality(reused) > 0 THEN
    batch := array(
    SELECT ROW(b.i, b.id, b.at, b.idea, b.name, b.email, b.phone,
      CASE WHEN b.i = ANY (reused) THEN 'token_reused' ELSE b.spam_reason END,
      b.via_form, b.client_ip, b.status_token_hash, b.consent_version, b.memo_key, b.memo_mime, b.memo_duration_ms,
      b.memo_size, b.memo_bytes, b.key, b.request_hash, b.token_hash, b.token_key, b.token_expires, b.recipient_hash,
      b.rate_key, b.source_channel, b.source_name, b.source_medium, b.source_campaign, b.kakao_updates)::idea_in
    FROM unnest(batch) b ORDER BY b.i
  );
  END IF;
  -- The team's mails and the founders' confirmations follow the ideas (decisions 118 and 119): the trigger on ideas
  -- queues each created idea that is not spam with these thresholds and this cap, read from a setting set for this
  -- statement only; the follow-up inserts the mails.
  PERFORM set_config('mvp24.follow_up', json_build_object('digest', p_digest_threshold, 'formDigest',
    p_form_digest_threshold, 'periodMs', p_digest_period_ms, 'cap', p_confirmations_per_day)::text, true);
  -- The source (decision 134); count_new_ideas.sql's trigger counts the group by day and source.
  INSERT INTO ideas (id, received_at, idea, name, email, phone, spam_reason, without_script, client_ip,
    status_token_hash, consent_version, consented_at, memo_key, source_channel, source_name, source_medium,
    source_campaign, kakao_updates)
  SELECT b.id, b.at, b.idea, b.name, b.email, b.phone, b.spam_reason, b.via_form, b.client_ip,
    b.status_token_hash, b.consent_version, b.at, decode(b.memo_key, 'base64'), coalesce(b.source_channel, 'unknown'),
    coalesce(b.source_name, ''), coalesce(b.source_medium, ''), coalesce(b.source_campaign, ''),
    coalesce(b.kakao_updates, false)
  FROM unnest(batch) b WHERE b.key IS NULL OR b.id = ANY (won_keys) ORDER BY b.i;
  PERFORM set_config('mvp24.follow_up', '', true);
  IF memos > 0 THEN
    INSERT INTO voice_memos (idea_id, mime_type, duration_ms, byte_size, bytes)
    SELECT b.id, b.memo_mime, b.memo_duration_ms, b.memo_size, decode(b.memo_bytes, 'base64')
    FROM unnest(batch) b WHERE b.memo_bytes IS NOT NULL AND (b.key IS NULL OR b.id = ANY (won_keys));
  END IF;
  -- The live inbox's events: one per created idea that is not spam, announced by the server after the commit.
  WITH ins AS (
    INSERT INTO workspace_events (kind, idea_id)
    SELECT 'lead_received', b.id FROM unnest(batch) b
    WHERE (b.key IS NULL OR b.id = ANY (won_keys)) AND b.spam_reason IS NULL ORDER BY b.i
    RETURNING workspace_events.id, workspace_events.idea_id
  )
  SELECT coalesce(array_agg(ins.id), '{}'), coalesce(array_agg(ins.idea_id), '{}') INTO events, event_ideas FROM ins;
  IF p_notify_channel IS NOT NULL AND cardinality(events) > 0 THEN
    PERFORM pg_notify(p_notify_channel, p.payload)
    FROM (
      SELECT '[' || string_agg(json_build_object('id', e.id, 'kind', 'lead_received', 'ideaId', e.idea_id,
        'memberId', NULL, 'actorId', NULL)::text, ',' ORDER BY e.id) || ']' AS payload
      FROM unnest(events, event_ideas) WITH ORDINALITY AS e(id, idea_id, n)
      GROUP BY (e.n - 1) / 40
    ) p;
  END IF;
  RETURN QUERY
    SELECT b.i, b.key IS NULL OR b.id = ANY (won_keys), b.spam_reason, false, l.n_now, l.ttl, e.id
    FROM unnest(batch) b
    LEFT JOIN unnest(limited, counts, ttls) AS l(i, n_now, ttl) ON l.i = b.i
    LEFT JOIN unnest(events, event_ideas) AS e(id, idea_id) ON e.idea_id = b.id
    ORDER BY b.i;
END
$$;
