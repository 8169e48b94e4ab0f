CREATE TABLE "supervision_finding" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"inspection_id" uuid NOT NULL,
	"description" text NOT NULL,
	"severity" text NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supervision_finding_severity_check" CHECK (severity IN ('general', 'major', 'critical'))
);
--> statement-breakpoint
CREATE TABLE "supervision_inspection" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text NOT NULL,
	"title" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"target_name" text NOT NULL,
	"signal" text,
	"scope" text,
	"inspector_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"planned_start" date,
	"planned_end" date,
	"actual_start" date,
	"actual_end" date,
	"state" text DEFAULT 'planned' NOT NULL,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	CONSTRAINT "supervision_inspection_state_check" CHECK (state IN ('planned', 'inspecting', 'done')),
	CONSTRAINT "supervision_inspection_target_check" CHECK (target_type IN ('project', 'package', 'contract', 'supplier'))
);
--> statement-breakpoint
CREATE TABLE "supervision_rectification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"rect_no" text NOT NULL,
	"sys_org_code" text NOT NULL,
	"inspection_id" uuid NOT NULL,
	"finding_id" uuid NOT NULL,
	"addressee_type" text NOT NULL,
	"addressee_org_code" text,
	"supplier_id" uuid,
	"addressee_name" text NOT NULL,
	"deadline" date NOT NULL,
	"requirement" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"approval_status" text DEFAULT '1' NOT NULL,
	"instance_id" text,
	"answer" text,
	"answer_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"return_count" integer DEFAULT 0 NOT NULL,
	"overdue_at" timestamp with time zone,
	"proposal" text,
	"proposal_ref" text,
	"inspector_user_id" uuid NOT NULL,
	"closed_at" timestamp with time zone,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	CONSTRAINT "supervision_rectification_state_check" CHECK (state IN ('pending', 'answered', 'closed')),
	CONSTRAINT "supervision_rectification_addressee_check" CHECK (addressee_type IN ('depart', 'supplier')),
	CONSTRAINT "supervision_rectification_proposal_check" CHECK (proposal IS NULL OR proposal IN ('suspend', 'blacklist'))
);
--> statement-breakpoint
CREATE TABLE "supervision_rectification_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"rectification_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"comment" text,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actor" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supervision_rectification_log_action_check" CHECK (action IN ('raise', 'answer', 'review', 'approve', 'giveBack', 'overdue', 'propose'))
);
--> statement-breakpoint
ALTER TABLE "supervision_finding" ADD CONSTRAINT "supervision_finding_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_finding" ADD CONSTRAINT "supervision_finding_inspection_id_supervision_inspection_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."supervision_inspection"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_inspection" ADD CONSTRAINT "supervision_inspection_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_rectification" ADD CONSTRAINT "supervision_rectification_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_rectification" ADD CONSTRAINT "supervision_rectification_inspection_id_supervision_inspection_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."supervision_inspection"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_rectification" ADD CONSTRAINT "supervision_rectification_finding_id_supervision_finding_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."supervision_finding"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_rectification" ADD CONSTRAINT "supervision_rectification_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_rectification_log" ADD CONSTRAINT "supervision_rectification_log_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_rectification_log" ADD CONSTRAINT "supervision_rectification_log_rectification_id_supervision_rectification_id_fk" FOREIGN KEY ("rectification_id") REFERENCES "public"."supervision_rectification"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supervision_finding_inspection_idx" ON "supervision_finding" USING btree ("inspection_id","create_time");--> statement-breakpoint
CREATE INDEX "supervision_inspection_list_idx" ON "supervision_inspection" USING btree ("tenant_id","create_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "supervision_inspection_target_idx" ON "supervision_inspection" USING btree ("tenant_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "supervision_inspection_org_idx" ON "supervision_inspection" USING btree ("tenant_id","sys_org_code");--> statement-breakpoint
CREATE UNIQUE INDEX "supervision_rectification_no_uq" ON "supervision_rectification" USING btree ("tenant_id","rect_no");--> statement-breakpoint
CREATE INDEX "supervision_rectification_list_idx" ON "supervision_rectification" USING btree ("tenant_id","create_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supervision_rectification_org_idx" ON "supervision_rectification" USING btree ("tenant_id","sys_org_code");--> statement-breakpoint
CREATE INDEX "supervision_rectification_supplier_idx" ON "supervision_rectification" USING btree ("supplier_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supervision_rectification_due_idx" ON "supervision_rectification" USING btree ("deadline") WHERE state = 'pending' AND overdue_at IS NULL;--> statement-breakpoint
CREATE INDEX "supervision_rectification_finding_idx" ON "supervision_rectification" USING btree ("finding_id");--> statement-breakpoint
CREATE INDEX "supervision_rectification_log_idx" ON "supervision_rectification_log" USING btree ("rectification_id","create_time");--> statement-breakpoint

-- custom:
CREATE TRIGGER aps_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.supervision_inspection
  FOR EACH STATEMENT EXECUTE FUNCTION aps_table_changed();
--> statement-breakpoint
CREATE TRIGGER aps_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.supervision_finding
  FOR EACH STATEMENT EXECUTE FUNCTION aps_table_changed();
--> statement-breakpoint
CREATE TRIGGER aps_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.supervision_rectification
  FOR EACH STATEMENT EXECUTE FUNCTION aps_table_changed();
--> statement-breakpoint
CREATE TRIGGER aps_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.supervision_rectification_log
  FOR EACH STATEMENT EXECUTE FUNCTION aps_table_changed();
