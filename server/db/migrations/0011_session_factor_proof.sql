ALTER TABLE "sessions" ADD COLUMN "last_factor_proof_at" timestamp with time zone;
