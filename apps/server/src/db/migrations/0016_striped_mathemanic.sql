CREATE TABLE "purchase_plan_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"plan_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"old_budget" numeric(18, 2) NOT NULL,
	"new_budget" numeric(18, 2) NOT NULL,
	"old_lines" jsonb NOT NULL,
	"new_lines" jsonb NOT NULL,
	"instance_id" text,
	"approval_status" text DEFAULT '2' NOT NULL,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"decide_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "purchase_notice" ADD COLUMN "timetable_after" jsonb;--> statement-breakpoint
ALTER TABLE "purchase_notice" ADD COLUMN "timetable_before" jsonb;--> statement-breakpoint
ALTER TABLE "purchase_plan_change" ADD CONSTRAINT "purchase_plan_change_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_plan_change" ADD CONSTRAINT "purchase_plan_change_plan_id_purchase_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."purchase_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_plan_change_plan_idx" ON "purchase_plan_change" USING btree ("plan_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_plan_change_pending_uq" ON "purchase_plan_change" USING btree ("plan_id") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "purchase_project_tenant_time_idx" ON "purchase_project" USING btree ("tenant_id","create_time" DESC NULLS LAST,"id" DESC NULLS LAST);