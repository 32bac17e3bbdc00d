-- All mail (issue 28) is every conversation outside Spam and Trash. It has no Gmail label, so
-- the counters carry it as the pseudo-label ALL: the sidebar and the view's total read one row
-- instead of counting the mailbox. mail_counted_labels is what the counts trigger (0009, 0013)
-- applies to a row's old and new labels alike, so the counts stay consistent once rebuilt here.
CREATE OR REPLACE FUNCTION mail_counted_labels(labels text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN 'TRASH' = ANY(labels) THEN ARRAY['TRASH']
    WHEN 'SPAM' = ANY(labels) THEN labels
    ELSE labels || ARRAY['ALL']
  END
$$;
--> statement-breakpoint
INSERT INTO mail_label_counts (user_id, label, threads, unread)
  SELECT t.user_id, 'ALL', count(*)::int, count(*) FILTER (WHERE NOT t.is_read)::int
  FROM email_threads t
  WHERE NOT (t.labels && ARRAY['TRASH', 'SPAM'])
  GROUP BY t.user_id
ON CONFLICT (user_id, label) DO UPDATE SET threads = excluded.threads, unread = excluded.unread;
