CREATE TABLE "scheduled_jobs" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"last_tick" bigint DEFAULT -1 NOT NULL,
	"run_count" integer DEFAULT 0 NOT NULL,
	"last_started" timestamp with time zone,
	"last_finished" timestamp with time zone,
	"last_instance" varchar(200),
	"last_error" text
);
