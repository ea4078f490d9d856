CREATE TABLE "job_slots" (
	"name" text PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"claimed_by" text NOT NULL
);
