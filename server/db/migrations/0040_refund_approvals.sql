-- A second person for big money, card refunds (issue 22, item 5): per role, the card refund above which a second
-- person must approve; a request may be a card refund of a project, approved through the payment pipeline (its
-- provider key kept, so a retry of the approval refunds once) and answered with the refund's ledger row.
ALTER TABLE "approval_thresholds" ADD COLUMN "refund_above_minor" integer;
--> statement-breakpoint
ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_kind_check";
--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_kind_check" CHECK ("kind" IN ('credit', 'refund'));
--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "project_id" integer;
--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "ledger_id" integer;
--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "provider_key" text;
