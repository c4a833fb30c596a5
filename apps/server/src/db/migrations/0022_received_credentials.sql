CREATE TABLE "received_credentials" (
	"profile_id" uuid NOT NULL,
	"credential_id" uuid NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "received_credentials_profile_id_credential_id_pk" PRIMARY KEY("profile_id","credential_id")
);
--> statement-breakpoint
ALTER TABLE "received_credentials" ADD CONSTRAINT "received_credentials_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_credentials" ADD CONSTRAINT "received_credentials_credential_id_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."credentials"("id") ON DELETE cascade ON UPDATE no action;
