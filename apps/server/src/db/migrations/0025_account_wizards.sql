CREATE TABLE "sys_wizard_ticket" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_wizard_ticket" ADD CONSTRAINT "sys_wizard_ticket_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_wizard_ticket_expires_idx" ON "sys_wizard_ticket" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sys_wizard_ticket_user_idx" ON "sys_wizard_ticket" USING btree ("user_id");--> statement-breakpoint

-- custom:
CREATE TRIGGER aps_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.sys_wizard_ticket
  FOR EACH STATEMENT EXECUTE FUNCTION aps_table_changed();
