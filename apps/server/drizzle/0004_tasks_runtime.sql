-- Tasks become the user-visible face of every long operation (issue 10): the seed's log of guest actions is
-- kept, converted (ok -> succeeded, error -> failed with its exit status as the error, the upid in upids).
ALTER TABLE "tasks" RENAME TO "tasks_seed";--> statement-breakpoint
ALTER TABLE "tasks_seed" DROP CONSTRAINT "tasks_guest_id_guests_id_fk";--> statement-breakpoint
ALTER TABLE "tasks_seed" DROP CONSTRAINT "tasks_host_id_hosts_id_fk";--> statement-breakpoint
ALTER TABLE "tasks_seed" DROP CONSTRAINT "tasks_user_id_users_id_fk";--> statement-breakpoint
DROP INDEX "tasks_host_idx";--> statement-breakpoint
ALTER TABLE "tasks_seed" DROP CONSTRAINT "tasks_pkey";--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"host_id" uuid,
	"guest_id" uuid,
	"parent_id" uuid,
	"schedule_id" uuid,
	"scheduled_for" timestamp with time zone,
	"created_by" jsonb NOT NULL,
	"upids" text[] DEFAULT '{}' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone,
	"runner" text,
	"heartbeat_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "task_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"line" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "tasks" ("id", "organisation_id", "kind", "status", "progress", "host_id", "guest_id", "created_by", "upids", "error", "created_at", "started_at", "ended_at")
SELECT t."id", h."organisation_id", 'guest.' || t."action",
	CASE t."status" WHEN 'ok' THEN 'succeeded' WHEN 'error' THEN 'failed' ELSE 'failed' END,
	100, t."host_id", t."guest_id",
	jsonb_build_object('type', CASE WHEN u."id" IS NULL THEN 'system' ELSE 'user' END, 'id', u."id", 'name', coalesce(u."email", 'system')),
	ARRAY[t."upid"],
	CASE WHEN t."status" = 'error' THEN coalesce(t."exit_status", 'failed') WHEN t."status" = 'running' THEN 'interrupted' END,
	t."started_at", t."started_at", coalesce(t."ended_at", t."started_at")
FROM "tasks_seed" t JOIN "hosts" h ON h."id" = t."host_id" LEFT JOIN "users" u ON u."id" = t."user_id";--> statement-breakpoint
DROP TABLE "tasks_seed";--> statement-breakpoint
ALTER TABLE "task_logs" ADD CONSTRAINT "task_logs_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_logs_task_idx" ON "task_logs" USING btree ("task_id","id");--> statement-breakpoint
CREATE INDEX "tasks_org_created_idx" ON "tasks" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_host_idx" ON "tasks" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "tasks_guest_idx" ON "tasks" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "tasks_parent_idx" ON "tasks" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "tasks_status_heartbeat_idx" ON "tasks" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_schedule_occurrence_unique" ON "tasks" USING btree ("schedule_id","scheduled_for");
