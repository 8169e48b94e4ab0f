CREATE TABLE "sys_user_notify_setting" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"muted" text[] DEFAULT '{}'::text[] NOT NULL,
	"email_copy" boolean DEFAULT false NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_announcement_send" ADD COLUMN "muted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user_notify_setting" ADD CONSTRAINT "sys_user_notify_setting_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- custom:
CREATE TRIGGER aps_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.sys_user_notify_setting
  FOR EACH STATEMENT EXECUTE FUNCTION aps_table_changed();
