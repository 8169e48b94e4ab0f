CREATE TABLE "sys_auth_counter" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_human_proof" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ip" text,
	"answer_digest" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_auth_counter_expires_idx" ON "sys_auth_counter" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sys_human_proof_expires_idx" ON "sys_human_proof" USING btree ("expires_at");