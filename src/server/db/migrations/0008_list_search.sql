CREATE TABLE "mail_label_counts" (
	"user_id" uuid NOT NULL,
	"label" text NOT NULL,
	"threads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mail_label_counts_user_id_label_pk" PRIMARY KEY("user_id","label")
);
--> statement-breakpoint
CREATE TABLE "mailbox_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, subject || ' ' || from_name || ' ' || from_email || ' ' || to_header || ' ' || cc_header || ' ' || snippet || ' ' || left(text_body, 100000))) STORED;--> statement-breakpoint
ALTER TABLE "mail_label_counts" ADD CONSTRAINT "mail_label_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_versions" ADD CONSTRAINT "mailbox_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_messages_search_idx" ON "email_messages" USING gin ("search_vector");