-- Snooze (issue 28): a conversation a snooze brings back at its time goes to the top of the Inbox,
-- marked Snoozed. list_date is the list's order (its last message, or the return if later), kept
-- by PostgreSQL; the list index moves to it. The backfill's time estimate (issue 27) becomes a
-- column, so every instance shows the same one.
DROP INDEX "email_threads_user_date_idx";--> statement-breakpoint
ALTER TABLE "email_threads" ADD COLUMN "snoozed_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_threads" ADD COLUMN "list_date" timestamp with time zone GENERATED ALWAYS AS (greatest(last_message_date, snoozed_back_at)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_sync_state" ADD COLUMN "backfill_eta_seconds" integer;--> statement-breakpoint
CREATE INDEX "email_threads_user_list_date_idx" ON "email_threads" USING btree ("user_id","list_date" DESC NULLS LAST,"thread_id" DESC NULLS LAST);