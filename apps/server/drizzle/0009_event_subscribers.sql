CREATE TABLE "event_cursors" (
	"subscriber" text PRIMARY KEY NOT NULL,
	"last_event_id" bigint DEFAULT 0 NOT NULL,
	"start_event_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "event_id" bigint;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "actor" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_event_unique" ON "audit_events" USING btree ("event_id");