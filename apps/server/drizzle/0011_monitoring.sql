CREATE TABLE "metric_blocks" (
	"organisation_id" uuid NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"tier" integer NOT NULL,
	"start" bigint NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "metric_blocks_subject_id_subject_kind_tier_start_pk" PRIMARY KEY("subject_id","subject_kind","tier","start")
);
--> statement-breakpoint
CREATE TABLE "metric_counters" (
	"host_id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"data" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metric_samples" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"subjects" text NOT NULL,
	"mask" integer NOT NULL,
	"stride" smallint NOT NULL,
	"packed" "bytea" NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metric_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	"node" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"used" bigint,
	"total" bigint,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_guest_stops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" bigint NOT NULL,
	"organisation_id" uuid NOT NULL,
	"guest_id" uuid NOT NULL,
	"stopped_at" timestamp with time zone NOT NULL,
	"lock" text,
	"outcome" text,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_rule_defaults" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"severity" text NOT NULL,
	"trigger" real,
	"clear" real,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"cooldown_seconds" integer DEFAULT 300 NOT NULL,
	"max_per_hour" integer DEFAULT 4 NOT NULL,
	"scope" jsonb DEFAULT '{"all":true}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_states" (
	"rule_id" uuid NOT NULL,
	"subject_key" text NOT NULL,
	"organisation_id" uuid NOT NULL,
	"condition" text DEFAULT 'ok' NOT NULL,
	"pending_since" timestamp with time zone,
	"active_alert_id" uuid,
	"flapping_alert_id" uuid,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_states_rule_id_subject_key_pk" PRIMARY KEY("rule_id","subject_key")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"rule_id" uuid,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"subject_name" text NOT NULL,
	"host_id" uuid,
	"summary" text NOT NULL,
	"value" real,
	"threshold" real,
	"started_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	"silenced_until" timestamp with time zone,
	"escalation_level" integer DEFAULT 0 NOT NULL,
	"flapping" boolean DEFAULT false NOT NULL,
	"group_id" uuid,
	"notified" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"url_sealed" text,
	"url_display" text,
	"address" text,
	"token_sealed" text,
	"secret_sealed" text,
	"previous_secret_sealed" text,
	"previous_secret_expires_at" timestamp with time zone,
	"min_severity" text DEFAULT 'info' NOT NULL,
	"scope" jsonb DEFAULT '{"all":true}'::jsonb NOT NULL,
	"quiet_hours" jsonb,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"channel_id" uuid,
	"user_id" uuid,
	"dedupe_key" text NOT NULL,
	"event_id" bigint,
	"event_type" text NOT NULL,
	"message_id" text NOT NULL,
	"alert_id" uuid,
	"severity" text,
	"summary" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"retry_until" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"digest_id" uuid,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" boolean NOT NULL,
	"min_severity" text NOT NULL,
	"quiet_hours" jsonb,
	"channel_ids" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metric_agent_guests" (
	"guest_id" uuid PRIMARY KEY NOT NULL,
	"host_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"status" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"retry_at" timestamp with time zone,
	"last_read_at" timestamp with time zone,
	"mem_agent" bigint,
	"mem_total" bigint,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "metric_agent_hosts" (
	"host_id" uuid PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metric_backfills" (
	"host_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done_keys" text[] DEFAULT '{}' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"lease_owner" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metric_scrape_tokens" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "lock" text;--> statement-breakpoint
ALTER TABLE "metric_blocks" ADD CONSTRAINT "metric_blocks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_counters" ADD CONSTRAINT "metric_counters_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_samples" ADD CONSTRAINT "metric_samples_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storages" ADD CONSTRAINT "storages_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storages" ADD CONSTRAINT "storages_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_guest_stops" ADD CONSTRAINT "alert_guest_stops_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_guest_stops" ADD CONSTRAINT "alert_guest_stops_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rule_defaults" ADD CONSTRAINT "alert_rule_defaults_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_states" ADD CONSTRAINT "alert_states_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_states" ADD CONSTRAINT "alert_states_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_channels" ADD CONSTRAINT "notification_channels_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_channel_id_notification_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."notification_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_agent_guests" ADD CONSTRAINT "metric_agent_guests_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_agent_guests" ADD CONSTRAINT "metric_agent_guests_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_agent_guests" ADD CONSTRAINT "metric_agent_guests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_agent_hosts" ADD CONSTRAINT "metric_agent_hosts_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_backfills" ADD CONSTRAINT "metric_backfills_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_backfills" ADD CONSTRAINT "metric_backfills_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_scrape_tokens" ADD CONSTRAINT "metric_scrape_tokens_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_scrape_tokens" ADD CONSTRAINT "metric_scrape_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metric_blocks_tier_start_idx" ON "metric_blocks" USING btree ("tier","start");--> statement-breakpoint
CREATE INDEX "metric_samples_org_at_idx" ON "metric_samples" USING btree ("organisation_id","at");--> statement-breakpoint
CREATE INDEX "metric_samples_pending_idx" ON "metric_samples" USING btree ("at") WHERE not "metric_samples"."compacted";--> statement-breakpoint
CREATE UNIQUE INDEX "storages_host_node_name_unique" ON "storages" USING btree ("host_id","node","name");--> statement-breakpoint
CREATE INDEX "storages_org_idx" ON "storages" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_guest_stops_event_unique" ON "alert_guest_stops" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "alert_guest_stops_pending_idx" ON "alert_guest_stops" USING btree ("organisation_id","stopped_at") WHERE "alert_guest_stops"."checked_at" is null;--> statement-breakpoint
CREATE INDEX "alert_rules_org_idx" ON "alert_rules" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "alert_states_org_idx" ON "alert_states" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "alerts_org_status_started_idx" ON "alerts" USING btree ("organisation_id","status","started_at");--> statement-breakpoint
CREATE INDEX "alerts_org_resolved_idx" ON "alerts" USING btree ("organisation_id","resolved_at");--> statement-breakpoint
CREATE INDEX "alerts_host_idx" ON "alerts" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "notification_channels_org_idx" ON "notification_channels" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_dedupe_unique" ON "notification_deliveries" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "notification_deliveries_channel_idx" ON "notification_deliveries" USING btree ("channel_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "metric_agent_guests_host_idx" ON "metric_agent_guests" USING btree ("host_id","last_attempt_at");--> statement-breakpoint
CREATE INDEX "metric_agent_hosts_next_idx" ON "metric_agent_hosts" USING btree ("next_at");--> statement-breakpoint
CREATE UNIQUE INDEX "metric_scrape_tokens_hash_unique" ON "metric_scrape_tokens" USING btree ("token_hash");--> statement-breakpoint
-- Staged samples are packed binary (and subject keys): compressing them (pglz) on every poll costs CPU and saves
-- little; they live minutes. EXTERNAL keeps them out of line, uncompressed.
ALTER TABLE "metric_samples" ALTER COLUMN "subjects" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "metric_samples" ALTER COLUMN "packed" SET STORAGE EXTERNAL;
--> statement-breakpoint
-- A block is already deflated (a few KB at most): kept inline in its row, not split into TOAST chunks, whose row
-- headers and half-filled pages cost ~15 % of the history size (bench/metrics-store).
ALTER TABLE "metric_blocks" SET (toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE "metric_blocks" ALTER COLUMN "data" SET STORAGE MAIN;
