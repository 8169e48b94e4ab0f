CREATE TABLE "sys_super_query" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"list_key" text NOT NULL,
	"title" text NOT NULL,
	"match_type" text DEFAULT 'and' NOT NULL,
	"records" jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sys_super_query" ADD CONSTRAINT "sys_super_query_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_super_query" ADD CONSTRAINT "sys_super_query_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_super_query_title_uq" ON "sys_super_query" USING btree ("tenant_id","user_id","list_key","title");