ALTER TABLE "ai_drafts" ADD COLUMN "kind" text DEFAULT 'generate-email' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD COLUMN "inputs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD COLUMN "thread_id" text;--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD COLUMN "input_tokens" integer;--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD COLUMN "output_tokens" integer;--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD COLUMN "latency_ms" integer;