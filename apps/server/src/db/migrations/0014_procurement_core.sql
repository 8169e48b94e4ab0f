CREATE TABLE "purchase_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text NOT NULL,
	"depart_id" text,
	"plan_code" text NOT NULL,
	"plan_name" text NOT NULL,
	"category" text NOT NULL,
	"purchase_method" text NOT NULL,
	"budget" numeric(18, 2) NOT NULL,
	"planned_time" timestamp with time zone,
	"state" text DEFAULT 'draft' NOT NULL,
	"approval_status" text DEFAULT '1' NOT NULL,
	"instance_id" text,
	"memo" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "purchase_plan_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"plan_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"name" text NOT NULL,
	"specification" text,
	"unit" text,
	"quantity" numeric(18, 3) NOT NULL,
	"unit_price" numeric(18, 2) NOT NULL,
	"amount" numeric(20, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_package" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" uuid NOT NULL,
	"sys_org_code" text NOT NULL,
	"purchase_no" text NOT NULL,
	"purchase_code" text NOT NULL,
	"purchase_name" text NOT NULL,
	"purchase_category" text NOT NULL,
	"purchase_method" text NOT NULL,
	"purchase_candidate_count" integer DEFAULT 3 NOT NULL,
	"purchase_stage" smallint DEFAULT 1 NOT NULL,
	"election_status" text DEFAULT '1' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"round_no" integer DEFAULT 1 NOT NULL,
	"previous_package_id" uuid,
	"package_no" text NOT NULL,
	"package_name" text NOT NULL,
	"number" numeric(18, 3),
	"fixed_price" numeric(18, 2) NOT NULL,
	"lower_coefficient_type" smallint DEFAULT 0 NOT NULL,
	"lower_coefficient" numeric(8, 4),
	"warranty_period" integer,
	"material_start_time" timestamp with time zone,
	"material_end_time" timestamp with time zone,
	"score_type" text DEFAULT '1' NOT NULL,
	"quotation_round_count" integer DEFAULT 1 NOT NULL,
	"current_round_no" integer DEFAULT 1 NOT NULL,
	"brand_requirements" text,
	"pay_type_memo" text,
	"price_method" text DEFAULT 'low_price' NOT NULL,
	"price_k" numeric(8, 4),
	"price_alpha" numeric(8, 4),
	"price_beta" numeric(8, 4),
	"min_bidders" integer DEFAULT 3 NOT NULL,
	"expert_count" integer,
	"expert_specialities" text,
	"sign_up_start_time" timestamp with time zone,
	"sign_up_end_time" timestamp with time zone,
	"bid_deadline" timestamp with time zone,
	"opening_start_time" timestamp with time zone,
	"review_start_time" timestamp with time zone,
	"review_stop_time" timestamp with time zone,
	"publicity_days" integer DEFAULT 3 NOT NULL,
	"publicity_end_time" timestamp with time zone,
	"award_time" timestamp with time zone,
	"valid_bidder_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ranked_candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approval_status" text DEFAULT '1' NOT NULL,
	"instance_id" text,
	"pending_method" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "purchase_package_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"package_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_stage" smallint NOT NULL,
	"to_stage" smallint NOT NULL,
	"election_status" text NOT NULL,
	"reason" text,
	"actor" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_project" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"plan_id" uuid NOT NULL,
	"sys_org_code" text NOT NULL,
	"purchase_no" text NOT NULL,
	"purchase_code" text NOT NULL,
	"purchase_name" text NOT NULL,
	"purchase_category" text NOT NULL,
	"purchase_method" text NOT NULL,
	"purchase_candidate_count" integer DEFAULT 3 NOT NULL,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_review_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"package_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"max_score" numeric(6, 2),
	"guidance" text,
	"sort_no" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_plan" ADD CONSTRAINT "purchase_plan_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_plan_item" ADD CONSTRAINT "purchase_plan_item_plan_id_purchase_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."purchase_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_package" ADD CONSTRAINT "purchase_package_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_package" ADD CONSTRAINT "purchase_package_project_id_purchase_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."purchase_project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_package_history" ADD CONSTRAINT "purchase_package_history_package_id_purchase_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."purchase_package"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_project" ADD CONSTRAINT "purchase_project_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_project" ADD CONSTRAINT "purchase_project_plan_id_purchase_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."purchase_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_review_item" ADD CONSTRAINT "purchase_review_item_package_id_purchase_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."purchase_package"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_plan_code_uq" ON "purchase_plan" USING btree ("tenant_id","plan_code");--> statement-breakpoint
CREATE INDEX "purchase_plan_tenant_time_idx" ON "purchase_plan" USING btree ("tenant_id","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "purchase_plan_org_idx" ON "purchase_plan" USING btree ("tenant_id","sys_org_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "purchase_plan_item_plan_idx" ON "purchase_plan_item" USING btree ("plan_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_package_no_uq" ON "purchase_package" USING btree ("project_id","package_no");--> statement-breakpoint
CREATE INDEX "purchase_package_tenant_time_idx" ON "purchase_package" USING btree ("tenant_id","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "purchase_package_stage_time_idx" ON "purchase_package" USING btree ("tenant_id","purchase_stage","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "purchase_package_org_idx" ON "purchase_package" USING btree ("tenant_id","sys_org_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "purchase_package_name_trgm_idx" ON "purchase_package" USING gin ("package_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purchase_package_pname_trgm_idx" ON "purchase_package" USING gin ("purchase_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purchase_package_project_idx" ON "purchase_package" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "purchase_package_signup_due_idx" ON "purchase_package" USING btree ("sign_up_end_time") WHERE purchase_stage = 2 AND status = 'active';--> statement-breakpoint
CREATE INDEX "purchase_package_bid_due_idx" ON "purchase_package" USING btree ("bid_deadline") WHERE purchase_stage = 3 AND status = 'active';--> statement-breakpoint
CREATE INDEX "purchase_package_opening_due_idx" ON "purchase_package" USING btree ("opening_start_time") WHERE purchase_stage = 4 AND status = 'active';--> statement-breakpoint
CREATE INDEX "purchase_package_publicity_due_idx" ON "purchase_package" USING btree ("publicity_end_time") WHERE purchase_stage = 11 AND status = 'active';--> statement-breakpoint
CREATE INDEX "purchase_package_history_pkg_idx" ON "purchase_package_history" USING btree ("package_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_project_code_uq" ON "purchase_project" USING btree ("tenant_id","purchase_code");--> statement-breakpoint
CREATE INDEX "purchase_project_plan_idx" ON "purchase_project" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "purchase_review_item_pkg_idx" ON "purchase_review_item" USING btree ("package_id","sort_no");--> statement-breakpoint
-- The list fast path's change notifications (0012) for the tables of this migration.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['purchase_plan', 'purchase_plan_item', 'purchase_project', 'purchase_package',
    'purchase_package_history', 'purchase_review_item']
  LOOP
    EXECUTE format(
      'CREATE TRIGGER aps_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.%I '
      'FOR EACH STATEMENT EXECUTE FUNCTION aps_table_changed()',
      t
    );
  END LOOP;
END $$;
