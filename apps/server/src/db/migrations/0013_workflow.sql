CREATE TABLE "demo_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"reason" text,
	"approval_status" smallint DEFAULT 1 NOT NULL,
	"instance_id" uuid,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wf_binding" (
	"tenant_id" integer NOT NULL,
	"business_type" text NOT NULL,
	"key" text NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_definition" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"xml" text NOT NULL,
	"graph" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"instance_id" uuid NOT NULL,
	"task_id" uuid,
	"node_id" text,
	"node_name" text,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"comment" text,
	"time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_instance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"definition_id" uuid NOT NULL,
	"business_type" text NOT NULL,
	"business_key" text NOT NULL,
	"title" text NOT NULL,
	"initiator" text NOT NULL,
	"initiator_depart_id" uuid,
	"status" text DEFAULT 'running' NOT NULL,
	"approval_status" smallint DEFAULT 2 NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"joins" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"trail" jsonb DEFAULT '{"nodes":[],"flows":[]}'::jsonb NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wf_task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"instance_id" uuid NOT NULL,
	"node_id" text NOT NULL,
	"node_name" text NOT NULL,
	"assignee" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"sign_mode" text DEFAULT 'or' NOT NULL,
	"group_id" uuid NOT NULL,
	"delegated_from" text,
	"action" text,
	"comment" text,
	"round" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"finish_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sys_depart" ADD COLUMN "director_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_request" ADD CONSTRAINT "demo_request_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_binding" ADD CONSTRAINT "wf_binding_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_definition" ADD CONSTRAINT "wf_definition_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_history" ADD CONSTRAINT "wf_history_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_history" ADD CONSTRAINT "wf_history_instance_id_wf_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."wf_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_instance" ADD CONSTRAINT "wf_instance_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_instance" ADD CONSTRAINT "wf_instance_definition_id_wf_definition_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."wf_definition"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_task" ADD CONSTRAINT "wf_task_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_task" ADD CONSTRAINT "wf_task_instance_id_wf_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."wf_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_request_list_idx" ON "demo_request" USING btree ("tenant_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "wf_binding_uq" ON "wf_binding" USING btree ("tenant_id","business_type");--> statement-breakpoint
CREATE UNIQUE INDEX "wf_definition_key_version_uq" ON "wf_definition" USING btree ("tenant_id","key","version");--> statement-breakpoint
CREATE INDEX "wf_history_instance_idx" ON "wf_history" USING btree ("instance_id","time");--> statement-breakpoint
CREATE INDEX "wf_instance_tenant_idx" ON "wf_instance" USING btree ("tenant_id","start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wf_instance_initiator_idx" ON "wf_instance" USING btree ("tenant_id","initiator","start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wf_instance_business_idx" ON "wf_instance" USING btree ("tenant_id","business_type","business_key");--> statement-breakpoint
CREATE INDEX "wf_task_todo_idx" ON "wf_task" USING btree ("tenant_id","assignee","status","create_time" DESC NULLS LAST,"id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "wf_task_done_idx" ON "wf_task" USING btree ("tenant_id","assignee","finish_time" DESC NULLS LAST,"id") WHERE status = 'done';--> statement-breakpoint
CREATE INDEX "wf_task_instance_idx" ON "wf_task" USING btree ("instance_id","status");--> statement-breakpoint
CREATE INDEX "wf_task_group_idx" ON "wf_task" USING btree ("group_id");