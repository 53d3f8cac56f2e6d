ALTER TABLE "customs_declarations" ADD COLUMN "registrant_code" varchar(20);--> statement-breakpoint
CREATE INDEX "customs_declarations_registrant_idx" ON "customs_declarations" USING btree ("registrant_code");
--> statement-breakpoint
-- hand-written (keep at merge)
-- Registrations made before this column: the registrant's customer code from its account (null for staff).
UPDATE "customs_declarations" d SET "registrant_code" = u."customer_code" FROM "users" u WHERE u."user_id" = d."created_by" AND d."registrant_code" IS NULL;
