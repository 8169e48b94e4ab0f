CREATE TABLE "supervision_refresh" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	"signals" integer NOT NULL,
	"millis" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supervision_signal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"signal_key" text NOT NULL,
	"signal_type" text NOT NULL,
	"severity_rank" smallint NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"package_id" uuid,
	"project_id" uuid,
	"contract_id" uuid,
	"supplier_id" uuid,
	"sys_org_code" text NOT NULL,
	"stage" smallint,
	"description" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supervision_stage_stat" (
	"tenant_id" integer NOT NULL,
	"sys_org_code" text NOT NULL,
	"stage" smallint NOT NULL,
	"completed" integer NOT NULL,
	"total_hours" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supervision_refresh" ADD CONSTRAINT "supervision_refresh_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_signal" ADD CONSTRAINT "supervision_signal_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_stage_stat" ADD CONSTRAINT "supervision_stage_stat_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supervision_signal_key_uq" ON "supervision_signal" USING btree ("tenant_id","signal_key");--> statement-breakpoint
CREATE INDEX "supervision_signal_tenant_detected_idx" ON "supervision_signal" USING btree ("tenant_id","detected_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supervision_signal_tenant_type_idx" ON "supervision_signal" USING btree ("tenant_id","signal_type","occurred_at","sys_org_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "supervision_signal_tenant_occurred_idx" ON "supervision_signal" USING btree ("tenant_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supervision_signal_org_idx" ON "supervision_signal" USING btree ("tenant_id","sys_org_code" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "supervision_stage_stat_uq" ON "supervision_stage_stat" USING btree ("tenant_id","sys_org_code","stage");--> statement-breakpoint

-- custom: the list fast path's statement triggers (migration 0021) on the monitor's tables.
CREATE TRIGGER aps_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.supervision_signal
  FOR EACH STATEMENT EXECUTE FUNCTION aps_table_changed();
--> statement-breakpoint
CREATE TRIGGER aps_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.supervision_stage_stat
  FOR EACH STATEMENT EXECUTE FUNCTION aps_table_changed();
--> statement-breakpoint
CREATE TRIGGER aps_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.supervision_refresh
  FOR EACH STATEMENT EXECUTE FUNCTION aps_table_changed();
