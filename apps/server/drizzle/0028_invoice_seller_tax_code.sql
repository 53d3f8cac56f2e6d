-- The e-invoice's seller: each terminal's company tax code (NBan MST); also orders.client_draft_hash from the order wizard's work.
ALTER TABLE "orders" ADD COLUMN "client_draft_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "tax_code" varchar(14);
