ALTER TABLE "audit_events" ALTER COLUMN "actor_id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_type" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_name" text;--> statement-breakpoint
CREATE TABLE "audit_checkpoints" (
	"chain" text NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"from_seq" bigint NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"key_id" text NOT NULL,
	"signature" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_checkpoints_chain_seq_unique" ON "audit_checkpoints" USING btree ("chain","seq");
