CREATE TABLE "email_messages" (
	"user_id" uuid NOT NULL,
	"gmail_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"history_id" text,
	"internal_date" timestamp with time zone NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"snippet" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"from_email" text DEFAULT '' NOT NULL,
	"to_header" text DEFAULT '' NOT NULL,
	"cc_header" text DEFAULT '' NOT NULL,
	"bcc_header" text DEFAULT '' NOT NULL,
	"reply_to" text DEFAULT '' NOT NULL,
	"date_header" text DEFAULT '' NOT NULL,
	"message_id_header" text DEFAULT '' NOT NULL,
	"in_reply_to" text DEFAULT '' NOT NULL,
	"references_header" text DEFAULT '' NOT NULL,
	"text_body" text DEFAULT '' NOT NULL,
	"html_body" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "email_messages_user_id_gmail_id_pk" PRIMARY KEY("user_id","gmail_id")
);
--> statement-breakpoint
CREATE TABLE "mail_sync_state" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"history_id" text,
	"full_sync_completed_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"label_names" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
DROP INDEX "email_threads_user_date_idx";--> statement-breakpoint
ALTER TABLE "email_threads" ALTER COLUMN "last_message_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "email_threads" ADD COLUMN "snippet" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_threads" ADD COLUMN "latest_message_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "email_threads" ADD COLUMN "message_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_threads" ADD COLUMN "has_attachments" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_threads" ADD COLUMN "history_id" text;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_sync_state" ADD CONSTRAINT "mail_sync_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_messages_user_thread_idx" ON "email_messages" USING btree ("user_id","thread_id");--> statement-breakpoint
CREATE INDEX "email_threads_labels_idx" ON "email_threads" USING gin ("labels");--> statement-breakpoint
CREATE INDEX "email_threads_user_date_idx" ON "email_threads" USING btree ("user_id","last_message_date" DESC NULLS LAST,"thread_id" DESC NULLS LAST);