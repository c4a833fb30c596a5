CREATE TABLE "organisation_logos" (
	"org_id" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"mime_type" text NOT NULL,
	"content_base64" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "partner_org_id" text;--> statement-breakpoint
ALTER TABLE "prestart_questions" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisation_logos" ADD CONSTRAINT "organisation_logos_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;