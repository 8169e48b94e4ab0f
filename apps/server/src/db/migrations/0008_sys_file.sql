CREATE TABLE "sys_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"biz" text NOT NULL,
	"create_by" uuid NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_file" ADD CONSTRAINT "sys_file_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_file_storage_key_uq" ON "sys_file" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "sys_file_tenant_time_idx" ON "sys_file" USING btree ("tenant_id","create_time");