CREATE TABLE "sys_announcement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"msg_content" text DEFAULT '' NOT NULL,
	"msg_abstract" text,
	"sender" text,
	"priority" text DEFAULT 'L' NOT NULL,
	"msg_category" text DEFAULT '1' NOT NULL,
	"msg_type" text DEFAULT 'ALL' NOT NULL,
	"send_status" text DEFAULT '0' NOT NULL,
	"send_time" timestamp with time zone,
	"cancel_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"open_type" text,
	"open_page" text,
	"bus_type" text,
	"bus_id" text,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_announcement_send" (
	"annt_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_flag" boolean DEFAULT false NOT NULL,
	"read_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_announcement_send_annt_id_user_id_pk" PRIMARY KEY("annt_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "sys_announcement" ADD CONSTRAINT "sys_announcement_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_announcement_send" ADD CONSTRAINT "sys_announcement_send_annt_id_sys_announcement_id_fk" FOREIGN KEY ("annt_id") REFERENCES "public"."sys_announcement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_announcement_send" ADD CONSTRAINT "sys_announcement_send_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_announcement_list_idx" ON "sys_announcement" USING btree ("tenant_id","send_status","send_time" DESC NULLS LAST) WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "sys_announcement_send_user_idx" ON "sys_announcement_send" USING btree ("user_id","read_flag");