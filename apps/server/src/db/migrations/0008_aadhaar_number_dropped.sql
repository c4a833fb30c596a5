-- Issue 11: Aadhaar is verified only by OTP; no full Aadhaar number stays in saved form data.
UPDATE "verification_records" SET "data" = "data" - 'aadhaarNumber' WHERE "data" ? 'aadhaarNumber';
