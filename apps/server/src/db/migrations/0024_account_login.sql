CREATE TABLE "sys_third_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"third_type" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "login_tenant_id" integer;--> statement-breakpoint
ALTER TABLE "sys_third_account" ADD CONSTRAINT "sys_third_account_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_third_account_ext_uq" ON "sys_third_account" USING btree ("third_type","external_id");--> statement-breakpoint
CREATE INDEX "sys_third_account_user_idx" ON "sys_third_account" USING btree ("user_id");--> statement-breakpoint
-- custom:
CREATE TRIGGER aps_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.sys_third_account
  FOR EACH STATEMENT EXECUTE FUNCTION aps_table_changed();
