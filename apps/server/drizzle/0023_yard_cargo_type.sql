ALTER TABLE "port_containers" ADD COLUMN "cargo_type_code" varchar(10);--> statement-breakpoint
-- The yard's cargo type of the visits recorded before: empty (MT), reefer by its ISO group R (RF), else general (GP).
UPDATE "port_containers" SET "cargo_type_code" = CASE WHEN "fe" = 'E' THEN 'MT' WHEN substr("iso_sizetype", 3, 1) = 'R' THEN 'RF' ELSE 'GP' END;
