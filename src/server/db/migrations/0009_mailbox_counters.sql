-- The list's counts and version, kept by the database as email_threads rows change (decision
-- 024): a list page reads its total and its ETag instead of counting the mailbox.

-- The labels a thread is listed under: a thread in the trash shows only in the trash.
CREATE FUNCTION mail_counted_labels(labels text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN 'TRASH' = ANY(labels) THEN ARRAY['TRASH'] ELSE labels END
$$;
--> statement-breakpoint
CREATE FUNCTION email_threads_track() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owner uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  -- A user being deleted takes their rows along (cascade): there is nothing left to count.
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = owner) THEN
    RETURN NULL;
  END IF;
  -- The user's version row first: it serializes the user's writers, so two transactions never
  -- take the count rows in different orders (no deadlock).
  INSERT INTO mailbox_versions AS v (user_id, version) VALUES (owner, 1)
  ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  INSERT INTO mail_label_counts AS c (user_id, label, threads)
    SELECT owner, change.label, sum(change.delta)::int
    FROM (
      SELECT unnest(mail_counted_labels(NEW.labels)) AS label, 1 AS delta WHERE TG_OP <> 'DELETE'
      UNION ALL
      SELECT unnest(mail_counted_labels(OLD.labels)), -1 WHERE TG_OP <> 'INSERT'
    ) AS change
    GROUP BY change.label
    HAVING sum(change.delta) <> 0
    ORDER BY change.label
  ON CONFLICT (user_id, label) DO UPDATE SET threads = c.threads + excluded.threads;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER email_threads_track
AFTER INSERT OR UPDATE OR DELETE ON email_threads
FOR EACH ROW EXECUTE FUNCTION email_threads_track();
--> statement-breakpoint
INSERT INTO mail_label_counts (user_id, label, threads)
  SELECT t.user_id, l.label, count(*)::int
  FROM email_threads t, unnest(mail_counted_labels(t.labels)) AS l(label)
  GROUP BY t.user_id, l.label;
--> statement-breakpoint
INSERT INTO mailbox_versions (user_id, version)
  SELECT DISTINCT user_id, 1 FROM email_threads;
