CREATE TABLE "backup_hosts" (
	"host_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"refreshed_at" timestamp with time zone,
	"next_refresh_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"can_audit_storage" boolean,
	"can_audit_guests" boolean,
	"can_backup" boolean,
	"pve_jobs" jsonb,
	"not_backed_up" jsonb
);
--> statement-breakpoint
CREATE TABLE "backup_storages" (
	"host_id" uuid NOT NULL,
	"storage" text NOT NULL,
	"organisation_id" uuid NOT NULL,
	"type" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"readable" boolean NOT NULL,
	"error" text,
	"backup_count" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_storages_host_id_storage_pk" PRIMARY KEY("host_id","storage")
);
--> statement-breakpoint
CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	"guest_id" uuid,
	"vmid" integer NOT NULL,
	"guest_type" text NOT NULL,
	"source" text NOT NULL,
	"storage" text,
	"datastore" text,
	"volid" text NOT NULL,
	"backup_time" timestamp with time zone NOT NULL,
	"size_bytes" bigint,
	"format" text NOT NULL,
	"verify_state" text,
	"encrypted" boolean,
	"protected" boolean DEFAULT false NOT NULL,
	"notes" text,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_flags" (
	"guest_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"critical" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pbs_states" (
	"host_id" uuid PRIMARY KEY NOT NULL,
	"datastores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failed_tasks" integer,
	"tasks_read_at" timestamp with time zone,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restore_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"guest_id" uuid,
	"host_id" uuid,
	"guest_name" text NOT NULL,
	"guest_type" text NOT NULL,
	"vmid" integer NOT NULL,
	"backup_volid" text,
	"backup_time" timestamp with time zone,
	"target_node" text NOT NULL,
	"target_storage" text,
	"restored_vmid" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"rto_seconds" real,
	"timings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"probes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evidence" jsonb,
	"task_id" uuid NOT NULL,
	"schedule_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hosts" ADD COLUMN "type" text DEFAULT 'pve' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_channels" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "backup_hosts" ADD CONSTRAINT "backup_hosts_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_hosts" ADD CONSTRAINT "backup_hosts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_storages" ADD CONSTRAINT "backup_storages_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_storages" ADD CONSTRAINT "backup_storages_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_flags" ADD CONSTRAINT "guest_flags_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_flags" ADD CONSTRAINT "guest_flags_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pbs_states" ADD CONSTRAINT "pbs_states_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restore_tests" ADD CONSTRAINT "restore_tests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restore_tests" ADD CONSTRAINT "restore_tests_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restore_tests" ADD CONSTRAINT "restore_tests_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_hosts_next_idx" ON "backup_hosts" USING btree ("next_refresh_at");--> statement-breakpoint
CREATE INDEX "backup_storages_org_idx" ON "backup_storages" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "backups_host_volid_unique" ON "backups" USING btree ("host_id","volid");--> statement-breakpoint
CREATE INDEX "backups_org_time_idx" ON "backups" USING btree ("organisation_id","backup_time","id");--> statement-breakpoint
CREATE INDEX "backups_guest_time_idx" ON "backups" USING btree ("guest_id","backup_time");--> statement-breakpoint
CREATE INDEX "backups_host_storage_idx" ON "backups" USING btree ("host_id","storage");--> statement-breakpoint
CREATE INDEX "guest_flags_org_idx" ON "guest_flags" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "restore_tests_org_created_idx" ON "restore_tests" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "restore_tests_guest_created_idx" ON "restore_tests" USING btree ("guest_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "restore_tests_task_unique" ON "restore_tests" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "restore_tests_running_node_unique" ON "restore_tests" USING btree ("host_id","target_node") WHERE "restore_tests"."status" = 'running';--> statement-breakpoint
ALTER TABLE "notification_channels" ADD CONSTRAINT "notification_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_channels_user_idx" ON "notification_channels" USING btree ("user_id");