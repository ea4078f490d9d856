CREATE TABLE "maintenance_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"days" text[] NOT NULL,
	"start" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"timezone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"cron" text NOT NULL,
	"timezone" text NOT NULL,
	"window_id" uuid,
	"selector" jsonb NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"catch_up" boolean DEFAULT false NOT NULL,
	"last_occurrence_at" timestamp with time zone,
	"created_by" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "guests_host_vmid_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "timezone" text;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "tags" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "pool" text;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "gone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hosts" ADD COLUMN "cluster_name" text;--> statement-breakpoint
ALTER TABLE "hosts" ADD COLUMN "cluster_nodes" text[];--> statement-breakpoint
ALTER TABLE "hosts" ADD COLUMN "next_poll_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "hosts" ADD COLUMN "poll_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hosts" ADD COLUMN "inventory_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hosts" ADD COLUMN "versions_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "summary" jsonb;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_window_id_maintenance_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."maintenance_windows"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_windows_org_idx" ON "maintenance_windows" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "schedules_org_idx" ON "schedules" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "schedules_window_idx" ON "schedules" USING btree ("window_id");--> statement-breakpoint
CREATE INDEX "hosts_next_poll_idx" ON "hosts" USING btree ("next_poll_at");--> statement-breakpoint
CREATE UNIQUE INDEX "guests_host_vmid_unique" ON "guests" USING btree ("host_id","vmid") WHERE "guests"."gone_at" is null;