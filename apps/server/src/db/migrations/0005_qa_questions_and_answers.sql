CREATE TABLE "sys_import_error_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_questions_and_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"del_state" smallint DEFAULT 0 NOT NULL,
	"question_content" text NOT NULL,
	"answer_content" text NOT NULL,
	"qa_type" text NOT NULL,
	"use_type" text DEFAULT '0' NOT NULL,
	"display_order" integer DEFAULT 1 NOT NULL,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sys_import_error_file" ADD CONSTRAINT "sys_import_error_file_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions_and_answers" ADD CONSTRAINT "qa_questions_and_answers_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_import_error_file_time_idx" ON "sys_import_error_file" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "qa_questions_and_answers_list_idx" ON "qa_questions_and_answers" USING btree ("tenant_id","display_order","create_time" DESC NULLS LAST) WHERE del_state = 0;--> statement-breakpoint
CREATE INDEX "qa_questions_and_answers_time_idx" ON "qa_questions_and_answers" USING btree ("tenant_id","create_time" DESC NULLS LAST) WHERE del_state = 0;