CREATE TABLE "record_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"table_name" text NOT NULL,
	"record_id" text NOT NULL,
	"field" text NOT NULL,
	"before" text,
	"after" text,
	"changed_by_id" text,
	"changed_by" text NOT NULL,
	"request_id" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"handler_id" text,
	"handler_name" text,
	"deadline" timestamp with time zone,
	"target_type" text,
	"target_id" uuid,
	"field" text,
	"new_value" text,
	"before_value" text,
	"after_value" text,
	"result" text,
	"instance_id" text,
	"approval_status" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sys_org_code" text,
	"create_by_id" text NOT NULL,
	"create_by" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"finish_time" timestamp with time zone,
	"update_by" text,
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "work_order_comment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"content" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_by_id" text NOT NULL,
	"create_by" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_order" ADD CONSTRAINT "work_order_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_comment" ADD CONSTRAINT "work_order_comment_order_id_work_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."work_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_history_record_idx" ON "record_history" USING btree ("table_name","record_id","changed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_no_uq" ON "work_order" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "work_order_list_idx" ON "work_order" USING btree ("tenant_id","type","create_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "work_order_deadline_idx" ON "work_order" USING btree ("tenant_id","type","deadline") WHERE state IN ('pending', 'processing');--> statement-breakpoint
CREATE INDEX "work_order_creator_idx" ON "work_order" USING btree ("tenant_id","create_by_id");--> statement-breakpoint
CREATE INDEX "work_order_comment_order_idx" ON "work_order_comment" USING btree ("order_id","create_time");--> statement-breakpoint

-- custom:
-- Issue 17 §5: every change of a business record, one row per changed column (who, when, before, after). The actor
-- comes from the transaction-local settings the request transaction sets (core/request-transaction.ts), 系统 when
-- none (jobs). Noise columns (update_time, update_by, create_*, del_flag) are skipped; totals kept by code are not.
CREATE OR REPLACE FUNCTION aps_record_history() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o jsonb := to_jsonb(OLD);
  n jsonb := to_jsonb(NEW);
  k text;
  who text := coalesce(nullif(current_setting('aps.username', true), ''), '系统');
  who_id text := nullif(current_setting('aps.user_id', true), '');
  req text := nullif(current_setting('aps.request_id', true), '');
BEGIN
  FOR k IN SELECT jsonb_object_keys(n) LOOP
    CONTINUE WHEN k IN ('id', 'tenant_id', 'update_time', 'update_by', 'create_time', 'create_by', 'version');
    IF o -> k IS DISTINCT FROM n -> k THEN
      INSERT INTO record_history (tenant_id, table_name, record_id, field, before, after, changed_by_id, changed_by, request_id)
      VALUES ((n ->> 'tenant_id')::integer, TG_TABLE_NAME, n ->> 'id', k, o ->> k, n ->> k, who_id, who, req);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  -- The tables of RECORD_HISTORY_TABLES (packages/shared/src/workorder.constants.ts): keep the two lists equal.
  FOREACH t IN ARRAY ARRAY['purchase_plan', 'purchase_project', 'purchase_package', 'purchase_notice', 'contract',
    'settlement', 'supplier']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS aps_record_history ON public.%I', t);
    EXECUTE format(
      'CREATE TRIGGER aps_record_history AFTER UPDATE ON public.%I FOR EACH ROW '
      'WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION aps_record_history()', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER aps_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON record_history
  FOR EACH STATEMENT EXECUTE FUNCTION aps_table_changed();
--> statement-breakpoint
CREATE TRIGGER aps_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON work_order
  FOR EACH STATEMENT EXECUTE FUNCTION aps_table_changed();
--> statement-breakpoint
CREATE TRIGGER aps_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON work_order_comment
  FOR EACH STATEMENT EXECUTE FUNCTION aps_table_changed();
