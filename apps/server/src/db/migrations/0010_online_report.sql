CREATE TABLE "onl_cgreport_head" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"cgr_sql" text NOT NULL,
	"org_code_field" text,
	"content" text,
	"del_state" smallint DEFAULT 0 NOT NULL,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onl_cgreport_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"head_id" uuid NOT NULL,
	"field_name" text NOT NULL,
	"field_txt" text NOT NULL,
	"field_type" text DEFAULT 'String' NOT NULL,
	"field_width" integer,
	"is_show" boolean DEFAULT true NOT NULL,
	"is_order" boolean DEFAULT false NOT NULL,
	"is_search" boolean DEFAULT false NOT NULL,
	"search_mode" text DEFAULT 'single' NOT NULL,
	"search_hidden" boolean DEFAULT false NOT NULL,
	"dict_code" text,
	"order_num" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onl_cgreport_param" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"head_id" uuid NOT NULL,
	"param_name" text NOT NULL,
	"param_txt" text NOT NULL,
	"param_type" text DEFAULT 'String' NOT NULL,
	"param_value" text,
	"order_num" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "onl_cgreport_head" ADD CONSTRAINT "onl_cgreport_head_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onl_cgreport_item" ADD CONSTRAINT "onl_cgreport_item_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onl_cgreport_item" ADD CONSTRAINT "onl_cgreport_item_head_id_onl_cgreport_head_id_fk" FOREIGN KEY ("head_id") REFERENCES "public"."onl_cgreport_head"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onl_cgreport_param" ADD CONSTRAINT "onl_cgreport_param_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onl_cgreport_param" ADD CONSTRAINT "onl_cgreport_param_head_id_onl_cgreport_head_id_fk" FOREIGN KEY ("head_id") REFERENCES "public"."onl_cgreport_head"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "onl_cgreport_head_code_uq" ON "onl_cgreport_head" USING btree ("tenant_id","code") WHERE del_state = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "onl_cgreport_item_field_uq" ON "onl_cgreport_item" USING btree ("head_id","field_name");--> statement-breakpoint
CREATE INDEX "onl_cgreport_item_tenant_idx" ON "onl_cgreport_item" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "onl_cgreport_param_name_uq" ON "onl_cgreport_param" USING btree ("head_id","param_name");--> statement-breakpoint
CREATE INDEX "onl_cgreport_param_tenant_idx" ON "onl_cgreport_param" USING btree ("tenant_id");