CREATE TABLE "audit_chain_heads" (
	"chain" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"since_signed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_signed_heads" (
	"chain" text NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"key_id" text NOT NULL,
	"signature" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "chain" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_signed_heads_chain_seq_unique" ON "audit_signed_heads" USING btree ("chain","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_seq_unique" ON "audit_events" USING btree ("chain","seq");