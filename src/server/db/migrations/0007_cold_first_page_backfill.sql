ALTER TABLE "email_messages" ADD COLUMN "metadata_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_threads" ADD COLUMN "metadata_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_sync_state" ADD COLUMN "backfill_query" text;--> statement-breakpoint
ALTER TABLE "mail_sync_state" ADD COLUMN "backfill_page_token" text;--> statement-breakpoint
ALTER TABLE "mail_sync_state" ADD COLUMN "backfill_threads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_sync_state" ADD COLUMN "backfill_oldest_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_sync_state" ADD COLUMN "backfill_done_at" timestamp with time zone;