CREATE TABLE "ai_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"contact_id" uuid,
	"writing_profile_id" uuid,
	"user_input" text NOT NULL,
	"ai_draft" text NOT NULL,
	"final_version" text,
	"subject" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"avatar" text,
	"tone" text DEFAULT 'professional' NOT NULL,
	"formality" text DEFAULT 'formal' NOT NULL,
	"language" text DEFAULT 'english' NOT NULL,
	"greeting" text DEFAULT 'Dear' NOT NULL,
	"signoff" text DEFAULT 'Best regards' NOT NULL,
	"memory" text,
	"context" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"thread_id" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"participants" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_message_date" timestamp with time zone,
	"is_read" boolean DEFAULT true NOT NULL,
	"is_starred" boolean DEFAULT false NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"type" text NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"subject" text,
	"message" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"url" text,
	"user_agent" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"ai_suggestions" boolean DEFAULT true NOT NULL,
	"default_tone" text DEFAULT 'professional' NOT NULL,
	"default_language" text DEFAULT 'english' NOT NULL,
	"email_theme" text DEFAULT 'minimal' NOT NULL,
	"priority_display" text DEFAULT 'colors' NOT NULL,
	"animations_enabled" boolean DEFAULT true NOT NULL,
	"compact_view" boolean DEFAULT false NOT NULL,
	"auto_refresh" boolean DEFAULT true NOT NULL,
	"sound_notifications" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"avatar" text,
	"google_id" text,
	"gmail_access_token" text,
	"gmail_refresh_token" text,
	"gmail_token_expires_at" timestamp with time zone,
	"gmail_connected" boolean DEFAULT false NOT NULL,
	"plan" text DEFAULT 'free' NOT NULL,
	"pro_expiration" timestamp with time zone,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"ai_emails_used_this_month" integer DEFAULT 0 NOT NULL,
	"last_usage_reset" timestamp with time zone DEFAULT now() NOT NULL,
	"has_completed_onboarding" boolean DEFAULT false NOT NULL,
	"has_seen_tutorial" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_google_id_unique" UNIQUE("google_id"),
	CONSTRAINT "users_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "writing_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"tone" text DEFAULT 'professional' NOT NULL,
	"style" text DEFAULT 'concise' NOT NULL,
	"vocabulary" text DEFAULT 'standard' NOT NULL,
	"sentence_structure" text DEFAULT 'mixed' NOT NULL,
	"personality_traits" text[] DEFAULT '{}'::text[] NOT NULL,
	"common_phrases" text[] DEFAULT '{}'::text[] NOT NULL,
	"avoid_phrases" text[] DEFAULT '{}'::text[] NOT NULL,
	"signature_style" text,
	"example_text" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD CONSTRAINT "ai_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD CONSTRAINT "ai_drafts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD CONSTRAINT "ai_drafts_writing_profile_id_writing_profiles_id_fk" FOREIGN KEY ("writing_profile_id") REFERENCES "public"."writing_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "writing_profiles" ADD CONSTRAINT "writing_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_drafts_user_id_idx" ON "ai_drafts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_user_email_uq" ON "contacts" USING btree ("user_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "email_threads_user_thread_uq" ON "email_threads" USING btree ("user_id","thread_id");--> statement-breakpoint
CREATE INDEX "email_threads_user_date_idx" ON "email_threads" USING btree ("user_id","last_message_date");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status");--> statement-breakpoint
CREATE INDEX "writing_profiles_user_id_idx" ON "writing_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "writing_profiles_one_default_uq" ON "writing_profiles" USING btree ("user_id") WHERE "writing_profiles"."is_default";