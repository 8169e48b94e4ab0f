CREATE TABLE "contract" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text NOT NULL,
	"contract_no" text NOT NULL,
	"name" text NOT NULL,
	"package_id" uuid NOT NULL,
	"project_id" uuid,
	"purchase_id" uuid,
	"award_letter_id" uuid,
	"supplier_id" uuid NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"changed_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"term_start" date NOT NULL,
	"term_end" date NOT NULL,
	"pay_terms" text,
	"warranty_period" integer DEFAULT 0 NOT NULL,
	"retention_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"approval_status" text DEFAULT '1' NOT NULL,
	"instance_id" text,
	"buyer_signed_at" timestamp with time zone,
	"buyer_signed_by" text,
	"supplier_signed_at" timestamp with time zone,
	"supplier_signed_by" text,
	"performance_end" timestamp with time zone,
	"warranty_end" date,
	"closed_at" timestamp with time zone,
	"terminated_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"end_reason" text,
	"settled_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"payable_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"paid_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"retention_held" numeric(18, 2) DEFAULT '0' NOT NULL,
	"retention_released" numeric(18, 2) DEFAULT '0' NOT NULL,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	CONSTRAINT "contract_state_ck" CHECK (state IN ('draft', 'approving', 'to_sign', 'performing', 'performed', 'warranty', 'closed', 'changing', 'terminated', 'voided')),
	CONSTRAINT "contract_term_ck" CHECK (term_end >= term_start),
	CONSTRAINT "contract_amount_ck" CHECK (amount >= 0 AND amount + changed_amount >= 0),
	CONSTRAINT "contract_retention_rate_ck" CHECK (retention_rate >= 0 AND retention_rate <= 100),
	CONSTRAINT "contract_settled_ck" CHECK (settled_amount >= 0 AND settled_amount <= amount + changed_amount),
	CONSTRAINT "contract_paid_ck" CHECK (paid_amount >= 0 AND paid_amount <= payable_amount + retention_released),
	CONSTRAINT "contract_retention_ck" CHECK (retention_released >= 0 AND retention_released <= retention_held)
);
--> statement-breakpoint
CREATE TABLE "contract_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"contract_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"old_value" text NOT NULL,
	"new_value" text NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'approving' NOT NULL,
	"approval_status" text DEFAULT '1' NOT NULL,
	"instance_id" text,
	"decided_at" timestamp with time zone,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_change_kind_ck" CHECK (kind IN ('amount', 'term')),
	CONSTRAINT "contract_change_state_ck" CHECK (state IN ('approving', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "settlement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"contract_id" uuid NOT NULL,
	"sys_org_code" text NOT NULL,
	"settlement_no" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"deductions" numeric(18, 2) DEFAULT '0' NOT NULL,
	"retention" numeric(18, 2) DEFAULT '0' NOT NULL,
	"net_payable" numeric(18, 2) NOT NULL,
	"paid_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"remark" text,
	"invoices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"approval_status" text DEFAULT '1' NOT NULL,
	"instance_id" text,
	"approved_at" timestamp with time zone,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	CONSTRAINT "settlement_state_ck" CHECK (state IN ('draft', 'approving', 'approved', 'partially_paid', 'paid')),
	CONSTRAINT "settlement_period_ck" CHECK (period_end >= period_start),
	CONSTRAINT "settlement_amounts_ck" CHECK (amount > 0 AND deductions >= 0 AND retention >= 0 AND net_payable = amount - deductions - retention AND net_payable >= 0),
	CONSTRAINT "settlement_paid_ck" CHECK (paid_amount >= 0 AND paid_amount <= net_payable)
);
--> statement-breakpoint
CREATE TABLE "settlement_payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"settlement_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"voucher_no" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_payment_amount_ck" CHECK (amount > 0),
	CONSTRAINT "settlement_payment_method_ck" CHECK (method IN ('transfer', 'acceptance', 'cheque', 'other'))
);
--> statement-breakpoint
CREATE TABLE "supplier_performance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"contract_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"quality_score" numeric(5, 2) NOT NULL,
	"schedule_score" numeric(5, 2) NOT NULL,
	"service_score" numeric(5, 2) NOT NULL,
	"total_score" numeric(5, 2) NOT NULL,
	"comments" text,
	"evaluator" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_performance_scores_ck" CHECK (quality_score BETWEEN 0 AND 100 AND schedule_score BETWEEN 0 AND 100 AND total_score BETWEEN 0 AND 100 AND service_score BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "supplier_blacklist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"supplier_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"scope" text DEFAULT 'tenant' NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"state" text DEFAULT 'pending' NOT NULL,
	"approval_status" text DEFAULT '1' NOT NULL,
	"instance_id" text,
	"released_at" timestamp with time zone,
	"released_by" text,
	"release_reason" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	CONSTRAINT "supplier_blacklist_state_ck" CHECK (state IN ('pending', 'active', 'released', 'rejected')),
	CONSTRAINT "supplier_blacklist_scope_ck" CHECK (scope IN ('tenant', 'categories')),
	CONSTRAINT "supplier_blacklist_categories_ck" CHECK (scope = 'tenant' OR cardinality(categories) > 0),
	CONSTRAINT "supplier_blacklist_dates_ck" CHECK (end_date IS NULL OR end_date >= start_date)
);
--> statement-breakpoint
CREATE TABLE "supplier_certificate" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"supplier_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"issuer" text,
	"valid_from" date,
	"expires_on" date NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'valid' NOT NULL,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	CONSTRAINT "supplier_certificate_state_ck" CHECK (state IN ('valid', 'expiring', 'expired')),
	CONSTRAINT "supplier_certificate_dates_ck" CHECK (valid_from IS NULL OR expires_on >= valid_from)
);
--> statement-breakpoint
CREATE TABLE "supplier_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"supplier_id" uuid NOT NULL,
	"old_values" jsonb NOT NULL,
	"new_values" jsonb NOT NULL,
	"key_data" boolean DEFAULT false NOT NULL,
	"reason" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"approval_status" text DEFAULT '1' NOT NULL,
	"instance_id" text,
	"decided_at" timestamp with time zone,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_change_state_ck" CHECK (state IN ('pending', 'approved', 'rejected', 'applied'))
);
--> statement-breakpoint
CREATE TABLE "supplier_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"supplier_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"actor" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_status_history_to_ck" CHECK (to_status IN ('1', '2', '3', '4', '5', '6'))
);
--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "legal_representative" text;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "bank_account" text;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "score" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "standing" text;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "approval_status" text DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "instance_id" text;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "registered_by" uuid;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "register_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "admitted_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "supplier" ADD COLUMN "qualified_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_package_id_purchase_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."purchase_package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_project_id_purchase_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."purchase_project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_award_letter_id_purchase_award_letter_id_fk" FOREIGN KEY ("award_letter_id") REFERENCES "public"."purchase_award_letter"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_change" ADD CONSTRAINT "contract_change_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_change" ADD CONSTRAINT "contract_change_contract_id_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement" ADD CONSTRAINT "settlement_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement" ADD CONSTRAINT "settlement_contract_id_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_payment" ADD CONSTRAINT "settlement_payment_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_payment" ADD CONSTRAINT "settlement_payment_settlement_id_settlement_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlement"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_payment" ADD CONSTRAINT "settlement_payment_contract_id_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_performance" ADD CONSTRAINT "supplier_performance_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_performance" ADD CONSTRAINT "supplier_performance_contract_id_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_performance" ADD CONSTRAINT "supplier_performance_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_blacklist" ADD CONSTRAINT "supplier_blacklist_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_blacklist" ADD CONSTRAINT "supplier_blacklist_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_certificate" ADD CONSTRAINT "supplier_certificate_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_certificate" ADD CONSTRAINT "supplier_certificate_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_change" ADD CONSTRAINT "supplier_change_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_change" ADD CONSTRAINT "supplier_change_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_status_history" ADD CONSTRAINT "supplier_status_history_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_status_history" ADD CONSTRAINT "supplier_status_history_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_no_uq" ON "contract" USING btree ("tenant_id","contract_no");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_package_live_uq" ON "contract" USING btree ("tenant_id","package_id") WHERE state <> 'voided';--> statement-breakpoint
CREATE INDEX "contract_state_idx" ON "contract" USING btree ("tenant_id","state","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contract_time_idx" ON "contract" USING btree ("tenant_id","create_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contract_supplier_idx" ON "contract" USING btree ("tenant_id","supplier_id");--> statement-breakpoint
CREATE INDEX "contract_org_idx" ON "contract" USING btree ("tenant_id","sys_org_code" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "contract_change_live_uq" ON "contract_change" USING btree ("contract_id") WHERE state = 'approving';--> statement-breakpoint
CREATE INDEX "contract_change_contract_idx" ON "contract_change" USING btree ("contract_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_no_uq" ON "settlement" USING btree ("tenant_id","settlement_no");--> statement-breakpoint
CREATE INDEX "settlement_contract_idx" ON "settlement" USING btree ("tenant_id","contract_id");--> statement-breakpoint
CREATE INDEX "settlement_state_idx" ON "settlement" USING btree ("tenant_id","state","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "settlement_org_idx" ON "settlement" USING btree ("tenant_id","sys_org_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "settlement_payment_settlement_idx" ON "settlement_payment" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "settlement_payment_contract_idx" ON "settlement_payment" USING btree ("tenant_id","contract_id","paid_on");--> statement-breakpoint
CREATE INDEX "settlement_payment_period_idx" ON "settlement_payment" USING btree ("tenant_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_performance_contract_uq" ON "supplier_performance" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "supplier_performance_supplier_idx" ON "supplier_performance" USING btree ("tenant_id","supplier_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_blacklist_live_uq" ON "supplier_blacklist" USING btree ("supplier_id") WHERE state IN ('pending', 'active');--> statement-breakpoint
CREATE INDEX "supplier_blacklist_state_idx" ON "supplier_blacklist" USING btree ("tenant_id","state","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supplier_blacklist_end_idx" ON "supplier_blacklist" USING btree ("tenant_id","end_date") WHERE state = 'active';--> statement-breakpoint
CREATE INDEX "supplier_certificate_supplier_idx" ON "supplier_certificate" USING btree ("supplier_id","expires_on");--> statement-breakpoint
CREATE INDEX "supplier_certificate_expiry_idx" ON "supplier_certificate" USING btree ("tenant_id","expires_on");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_change_pending_uq" ON "supplier_change" USING btree ("supplier_id") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "supplier_change_supplier_idx" ON "supplier_change" USING btree ("supplier_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supplier_status_history_idx" ON "supplier_status_history" USING btree ("supplier_id","create_time" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "supplier" ADD CONSTRAINT "supplier_registered_by_sys_user_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_status_idx" ON "supplier" USING btree ("tenant_id","status","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supplier_categories_gin" ON "supplier" USING gin ("categories");--> statement-breakpoint
ALTER TABLE "supplier" ADD CONSTRAINT "supplier_status_ck" CHECK (status IN ('1', '2', '3', '4', '5', '6'));--> statement-breakpoint
ALTER TABLE "supplier" ADD CONSTRAINT "supplier_score_ck" CHECK (score IS NULL OR (score >= 0 AND score <= 100));