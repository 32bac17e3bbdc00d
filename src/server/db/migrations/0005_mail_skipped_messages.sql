CREATE TABLE "mail_skipped_messages" (
	"user_id" uuid NOT NULL,
	"gmail_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"reason" text NOT NULL,
	"skipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_skipped_messages_user_id_gmail_id_pk" PRIMARY KEY("user_id","gmail_id")
);
--> statement-breakpoint
ALTER TABLE "mail_skipped_messages" ADD CONSTRAINT "mail_skipped_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_skipped_messages_user_thread_idx" ON "mail_skipped_messages" USING btree ("user_id","thread_id");