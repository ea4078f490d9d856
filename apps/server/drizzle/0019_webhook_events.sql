ALTER TABLE "notification_channels" ADD COLUMN "events" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_channel_event_unique" ON "notification_deliveries" USING btree ("channel_id","event_id") WHERE "notification_deliveries"."channel_id" is not null and "notification_deliveries"."event_id" is not null;
