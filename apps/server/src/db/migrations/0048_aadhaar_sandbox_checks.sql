-- The embedded Aadhaar sandbox's checks (issue 31 §3): in the database, no longer in one process's
-- memory, so a check started on one instance is answered on another. The row names a sandbox person,
-- never a number; the captcha's answer and the OTP are kept as HMACs only. Swept after expires_at.
CREATE TABLE "sandbox_aadhaar_checks" (
	"ref" text PRIMARY KEY NOT NULL,
	"record" text NOT NULL,
	"captcha_hash" text,
	"otp_hash" text,
	"otp_expires_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_aadhaar_checks_expires_idx" ON "sandbox_aadhaar_checks" ("expires_at");
