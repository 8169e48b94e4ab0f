CREATE TABLE "purchase_award_letter" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"package_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"announcement_id" uuid,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_bid" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"package_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"sign_up_id" uuid NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"quote_kind" text NOT NULL,
	"sealed_quote" text NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"submit_by" uuid NOT NULL,
	"submit_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	"withdraw_time" timestamp with time zone,
	"price" numeric(18, 2),
	"rate" numeric(8, 4),
	"evaluated_price" numeric(18, 2),
	"opened_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "purchase_opening" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"package_id" uuid NOT NULL,
	"opened_time" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_by" text NOT NULL,
	"bidder_count" integer NOT NULL,
	"min_bidders" integer NOT NULL,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_sign_up" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"package_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"sign_up_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_notice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"package_id" uuid NOT NULL,
	"sys_org_code" text NOT NULL,
	"notice_type" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"publish_time" timestamp with time zone,
	"publish_by" text,
	"revoke_time" timestamp with time zone,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "supplier" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"credit_code" text NOT NULL,
	"contact_name" text,
	"contact_phone" text,
	"status" text DEFAULT '2' NOT NULL,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "supplier_user" (
	"tenant_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_user_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "purchase_award_letter" ADD CONSTRAINT "purchase_award_letter_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_award_letter" ADD CONSTRAINT "purchase_award_letter_package_id_purchase_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."purchase_package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_award_letter" ADD CONSTRAINT "purchase_award_letter_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_award_letter" ADD CONSTRAINT "purchase_award_letter_announcement_id_sys_announcement_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."sys_announcement"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_bid" ADD CONSTRAINT "purchase_bid_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_bid" ADD CONSTRAINT "purchase_bid_package_id_purchase_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."purchase_package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_bid" ADD CONSTRAINT "purchase_bid_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_bid" ADD CONSTRAINT "purchase_bid_sign_up_id_purchase_sign_up_id_fk" FOREIGN KEY ("sign_up_id") REFERENCES "public"."purchase_sign_up"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_opening" ADD CONSTRAINT "purchase_opening_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_opening" ADD CONSTRAINT "purchase_opening_package_id_purchase_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."purchase_package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_sign_up" ADD CONSTRAINT "purchase_sign_up_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_sign_up" ADD CONSTRAINT "purchase_sign_up_package_id_purchase_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."purchase_package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_sign_up" ADD CONSTRAINT "purchase_sign_up_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_notice" ADD CONSTRAINT "purchase_notice_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_notice" ADD CONSTRAINT "purchase_notice_package_id_purchase_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."purchase_package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier" ADD CONSTRAINT "supplier_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_user" ADD CONSTRAINT "supplier_user_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_user" ADD CONSTRAINT "supplier_user_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_user" ADD CONSTRAINT "supplier_user_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_award_letter_uq" ON "purchase_award_letter" USING btree ("package_id","supplier_id");--> statement-breakpoint
CREATE INDEX "purchase_award_letter_time_idx" ON "purchase_award_letter" USING btree ("tenant_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_bid_uq" ON "purchase_bid" USING btree ("package_id","supplier_id");--> statement-breakpoint
CREATE INDEX "purchase_bid_supplier_idx" ON "purchase_bid" USING btree ("tenant_id","supplier_id","submit_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_opening_package_uq" ON "purchase_opening" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_sign_up_uq" ON "purchase_sign_up" USING btree ("package_id","supplier_id");--> statement-breakpoint
CREATE INDEX "purchase_sign_up_supplier_idx" ON "purchase_sign_up" USING btree ("tenant_id","supplier_id","sign_up_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchase_notice_list_idx" ON "purchase_notice" USING btree ("tenant_id","create_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "purchase_notice_published_idx" ON "purchase_notice" USING btree ("tenant_id","notice_type","publish_time" DESC NULLS LAST) WHERE del_flag = 0 AND status = '1';--> statement-breakpoint
CREATE INDEX "purchase_notice_package_idx" ON "purchase_notice" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_credit_code_uq" ON "supplier" USING btree ("tenant_id","credit_code") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "supplier_name_idx" ON "supplier" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "supplier_user_supplier_idx" ON "supplier_user" USING btree ("supplier_id");