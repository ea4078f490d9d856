CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "hosts" ADD COLUMN "address_trusted" boolean DEFAULT false NOT NULL;