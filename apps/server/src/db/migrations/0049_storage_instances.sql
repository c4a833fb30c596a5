-- The running instances and where each keeps uploaded files (issue 31 §3, ADR 0050 "Proxies, storage and
-- compression"): an instance refuses to start beside a live one whose files it cannot read.
CREATE TABLE "storage_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"kind" text NOT NULL,
	"location" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
