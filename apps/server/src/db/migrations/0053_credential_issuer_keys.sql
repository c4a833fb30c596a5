-- Every issuer identity this product signed credentials under (issue 30 §3, ADR 0031 "Past issuers"): a
-- credential issued before PUBLIC_URL or the server secret changed still verifies by the key and DID that
-- signed it, and its status list by the address it names.
CREATE TABLE "credential_issuer_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"did" text NOT NULL,
	"public_url" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"first_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
