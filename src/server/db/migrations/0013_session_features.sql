CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_labels" (
	"user_id" uuid NOT NULL,
	"label_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"background_color" text,
	"text_color" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_labels_user_id_label_id_pk" PRIMARY KEY("user_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "mail_snoozes" (
	"user_id" uuid NOT NULL,
	"thread_id" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_snoozes_user_id_thread_id_pk" PRIMARY KEY("user_id","thread_id")
);
--> statement-breakpoint
CREATE TABLE "scheduled_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"draft_id" text NOT NULL,
	"thread_id" text,
	"to" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"sent_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "writing_profile_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_label_counts" ADD COLUMN "unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_sync_state" ADD COLUMN "signature_html" text;--> statement-breakpoint
ALTER TABLE "mail_sync_state" ADD COLUMN "signature_fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "priority_support" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "undo_send_seconds" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "use_gmail_signature" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_labels" ADD CONSTRAINT "mail_labels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_snoozes" ADD CONSTRAINT "mail_snoozes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_sends" ADD CONSTRAINT "scheduled_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_templates_user_id_idx" ON "email_templates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_snoozes_until_idx" ON "mail_snoozes" USING btree ("until");--> statement-breakpoint
CREATE INDEX "scheduled_sends_user_status_idx" ON "scheduled_sends" USING btree ("user_id","status","send_at");--> statement-breakpoint
CREATE INDEX "scheduled_sends_send_at_idx" ON "scheduled_sends" USING btree ("send_at");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_writing_profile_id_writing_profiles_id_fk" FOREIGN KEY ("writing_profile_id") REFERENCES "public"."writing_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Label counts carry their unread threads too (issue 28), kept by the same trigger as the
-- thread counts (0009), so the sidebar's counts never scan the mailbox.
CREATE OR REPLACE FUNCTION email_threads_track() RETURNS trigger
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
  INSERT INTO mail_label_counts AS c (user_id, label, threads, unread)
    SELECT owner, change.label, sum(change.delta)::int, sum(change.unread)::int
    FROM (
      SELECT unnest(mail_counted_labels(NEW.labels)) AS label, 1 AS delta,
        CASE WHEN NEW.is_read THEN 0 ELSE 1 END AS unread
      WHERE TG_OP <> 'DELETE'
      UNION ALL
      SELECT unnest(mail_counted_labels(OLD.labels)), -1, CASE WHEN OLD.is_read THEN 0 ELSE -1 END
      WHERE TG_OP <> 'INSERT'
    ) AS change
    GROUP BY change.label
    HAVING sum(change.delta) <> 0 OR sum(change.unread) <> 0
    ORDER BY change.label
  ON CONFLICT (user_id, label) DO UPDATE
    SET threads = c.threads + excluded.threads, unread = c.unread + excluded.unread;
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE mail_label_counts c SET unread = counted.unread
FROM (
  SELECT t.user_id, l.label, count(*) FILTER (WHERE NOT t.is_read)::int AS unread
  FROM email_threads t, unnest(mail_counted_labels(t.labels)) AS l(label)
  GROUP BY t.user_id, l.label
) AS counted
WHERE c.user_id = counted.user_id AND c.label = counted.label;
