CREATE TABLE "expert_profile" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"specialities" text[] DEFAULT '{}'::text[] NOT NULL,
	"region" text,
	"title" text,
	"employer" text,
	"avoid_supplier_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"avoid_companies" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"remarks" text,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	CONSTRAINT "expert_profile_status_ck" CHECK (status IN ('normal', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "review_bid" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"committee_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"bid_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"qualification" text DEFAULT 'pending' NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"invalid_reason" text,
	"invalid_note" text,
	"clarification" text DEFAULT 'none' NOT NULL,
	"evaluated_price" numeric(18, 2),
	"total_score" numeric(8, 2),
	"final_rank" integer,
	"candidate" boolean DEFAULT false NOT NULL,
	"campaign_check" text DEFAULT 'pending' NOT NULL,
	"tie_draw_order" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	CONSTRAINT "review_bid_qualification_ck" CHECK (qualification IN ('pending', 'passed', 'failed')),
	CONSTRAINT "review_bid_campaign_ck" CHECK (campaign_check IN ('pending', 'passed', 'failed')),
	CONSTRAINT "review_bid_clarification_ck" CHECK (clarification IN ('none', 'open', 'answered', 'accepted', 'rejected', 'unanswered')),
	CONSTRAINT "review_bid_invalid_ck" CHECK ((valid AND invalid_reason IS NULL) OR (NOT valid AND invalid_reason IS NOT NULL AND invalid_reason IN ('qualification', 'clarification', 'price_limit', 'campaign_check')))
);
--> statement-breakpoint
CREATE TABLE "review_campaign_check" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"committee_id" uuid NOT NULL,
	"bid_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"result" text NOT NULL,
	"findings" text,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_by" uuid NOT NULL,
	"check_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	CONSTRAINT "review_campaign_check_kind_ck" CHECK (kind IN ('personal', 'contract', 'equip', 'credit')),
	CONSTRAINT "review_campaign_check_result_ck" CHECK (result IN ('pass', 'fail')),
	CONSTRAINT "review_campaign_check_findings_ck" CHECK (result = 'pass' OR length(btrim(coalesce(findings, ''))) > 0)
);
--> statement-breakpoint
CREATE TABLE "review_clarification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"committee_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"bid_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"round_no" integer,
	"question" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"asked_by" uuid NOT NULL,
	"answer" text,
	"answer_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answered_by" uuid,
	"answer_time" timestamp with time zone,
	"quote_kind" text,
	"sealed_quote" text,
	"price" numeric(18, 2),
	"rate" numeric(8, 4),
	"evaluated_price" numeric(18, 2),
	"opened_time" timestamp with time zone,
	"decided_by" uuid,
	"decision_time" timestamp with time zone,
	"decision_note" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	CONSTRAINT "review_clarification_kind_ck" CHECK (kind IN ('clarify', 'round')),
	CONSTRAINT "review_clarification_state_ck" CHECK (state IN ('open', 'answered', 'accepted', 'rejected', 'unanswered')),
	CONSTRAINT "review_clarification_round_ck" CHECK ((kind = 'round') = (round_no IS NOT NULL)),
	CONSTRAINT "review_clarification_quote_ck" CHECK (quote_kind IS NULL OR quote_kind IN ('price', 'rate'))
);
--> statement-breakpoint
CREATE TABLE "review_committee" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"package_id" uuid NOT NULL,
	"size" integer NOT NULL,
	"specialities" text[] DEFAULT '{}'::text[] NOT NULL,
	"draw_seed" text NOT NULL,
	"draw_audit" jsonb NOT NULL,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	"drawn_by" text NOT NULL,
	"purchaser_rep_user_id" uuid,
	"leader_member_id" uuid,
	"leader_vote_round" integer DEFAULT 1 NOT NULL,
	"leader_candidates" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"state" text DEFAULT 'drawn' NOT NULL,
	"state_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	CONSTRAINT "review_committee_size_ck" CHECK (size > 0 AND size % 2 = 1),
	CONSTRAINT "review_committee_state_ck" CHECK (state IN ('drawn', 'electing', 'qualifying', 'scoring', 'summarizing', 'signing', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "review_leader_vote" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"committee_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"voter_member_id" uuid NOT NULL,
	"candidate_member_id" uuid NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_member" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"committee_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expert_id" uuid,
	"kind" text DEFAULT 'expert' NOT NULL,
	"draw_sequence" integer,
	"state" text DEFAULT 'drawn' NOT NULL,
	"state_time" timestamp with time zone DEFAULT now() NOT NULL,
	"sign_in_time" timestamp with time zone,
	"avoidance_declaration" text,
	"decline_reason" text,
	"replaces_member_id" uuid,
	"replaced_by_member_id" uuid,
	"submit_time" timestamp with time zone,
	"sign_time" timestamp with time zone,
	"sign_opinion" text,
	"dissent_reason" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	CONSTRAINT "review_member_kind_ck" CHECK (kind IN ('expert', 'purchaser_rep')),
	CONSTRAINT "review_member_expert_ck" CHECK ((kind = 'expert') = (expert_id IS NOT NULL)),
	CONSTRAINT "review_member_state_ck" CHECK (state IN ('drawn', 'signed_in', 'electing', 'qualifying', 'scoring', 'submitted', 'summarizing', 'signing', 'done', 'avoided', 'declined', 'replaced')),
	CONSTRAINT "review_member_opinion_ck" CHECK (sign_opinion IS NULL OR sign_opinion IN ('agree', 'dissent')),
	CONSTRAINT "review_member_signed_ck" CHECK ((sign_time IS NULL) = (sign_opinion IS NULL)),
	CONSTRAINT "review_member_dissent_ck" CHECK (sign_opinion IS DISTINCT FROM 'dissent' OR length(btrim(coalesce(dissent_reason, ''))) > 0)
);
--> statement-breakpoint
CREATE TABLE "review_qualification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"committee_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"bid_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"pass" boolean NOT NULL,
	"reason" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	CONSTRAINT "review_qualification_reason_ck" CHECK (pass OR length(btrim(coalesce(reason, ''))) > 0)
);
--> statement-breakpoint
CREATE TABLE "review_result" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"committee_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"snapshot" jsonb NOT NULL,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"election_status" text DEFAULT '1' NOT NULL,
	"failure_reason" text,
	"compute_time" timestamp with time zone DEFAULT now() NOT NULL,
	"computed_by" text NOT NULL,
	"report_file_id" uuid,
	"report_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	CONSTRAINT "review_result_election_ck" CHECK (election_status IN ('0', '1'))
);
--> statement-breakpoint
CREATE TABLE "review_score" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"committee_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"bid_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"envelope" smallint DEFAULT 2 NOT NULL,
	"score" numeric(6, 3),
	"comment" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"return_note" text,
	"returned_by" uuid,
	"return_time" timestamp with time zone,
	"submit_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	CONSTRAINT "review_score_state_ck" CHECK (state IN ('draft', 'submitted', 'returned')),
	CONSTRAINT "review_score_envelope_ck" CHECK (envelope IN (1, 2)),
	CONSTRAINT "review_score_range_ck" CHECK (score IS NULL OR score >= 0),
	CONSTRAINT "review_score_submitted_ck" CHECK (state <> 'submitted' OR score IS NOT NULL),
	CONSTRAINT "review_score_returned_ck" CHECK (state <> 'returned' OR length(btrim(coalesce(return_note, ''))) > 0)
);
--> statement-breakpoint
ALTER TABLE "purchase_package" ADD COLUMN "two_envelope" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "expert_profile" ADD CONSTRAINT "expert_profile_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_profile" ADD CONSTRAINT "expert_profile_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_bid" ADD CONSTRAINT "review_bid_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_bid" ADD CONSTRAINT "review_bid_committee_id_review_committee_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."review_committee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_bid" ADD CONSTRAINT "review_bid_package_id_purchase_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."purchase_package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_bid" ADD CONSTRAINT "review_bid_bid_id_purchase_bid_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."purchase_bid"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_bid" ADD CONSTRAINT "review_bid_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_campaign_check" ADD CONSTRAINT "review_campaign_check_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_campaign_check" ADD CONSTRAINT "review_campaign_check_committee_id_review_committee_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."review_committee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_campaign_check" ADD CONSTRAINT "review_campaign_check_bid_id_purchase_bid_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."purchase_bid"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_campaign_check" ADD CONSTRAINT "review_campaign_check_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_campaign_check" ADD CONSTRAINT "review_campaign_check_checked_by_sys_user_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_clarification" ADD CONSTRAINT "review_clarification_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_clarification" ADD CONSTRAINT "review_clarification_committee_id_review_committee_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."review_committee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_clarification" ADD CONSTRAINT "review_clarification_package_id_purchase_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."purchase_package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_clarification" ADD CONSTRAINT "review_clarification_bid_id_purchase_bid_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."purchase_bid"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_clarification" ADD CONSTRAINT "review_clarification_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_clarification" ADD CONSTRAINT "review_clarification_asked_by_review_member_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."review_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_clarification" ADD CONSTRAINT "review_clarification_answered_by_sys_user_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_clarification" ADD CONSTRAINT "review_clarification_decided_by_review_member_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."review_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_committee" ADD CONSTRAINT "review_committee_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_committee" ADD CONSTRAINT "review_committee_package_id_purchase_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."purchase_package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_committee" ADD CONSTRAINT "review_committee_purchaser_rep_user_id_sys_user_id_fk" FOREIGN KEY ("purchaser_rep_user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_committee" ADD CONSTRAINT "review_committee_leader_member_id_review_member_id_fk" FOREIGN KEY ("leader_member_id") REFERENCES "public"."review_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_leader_vote" ADD CONSTRAINT "review_leader_vote_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_leader_vote" ADD CONSTRAINT "review_leader_vote_committee_id_review_committee_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."review_committee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_leader_vote" ADD CONSTRAINT "review_leader_vote_voter_member_id_review_member_id_fk" FOREIGN KEY ("voter_member_id") REFERENCES "public"."review_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_leader_vote" ADD CONSTRAINT "review_leader_vote_candidate_member_id_review_member_id_fk" FOREIGN KEY ("candidate_member_id") REFERENCES "public"."review_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_member" ADD CONSTRAINT "review_member_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_member" ADD CONSTRAINT "review_member_committee_id_review_committee_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."review_committee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_member" ADD CONSTRAINT "review_member_package_id_purchase_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."purchase_package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_member" ADD CONSTRAINT "review_member_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_member" ADD CONSTRAINT "review_member_expert_id_expert_profile_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."expert_profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_member" ADD CONSTRAINT "review_member_replaces_member_id_review_member_id_fk" FOREIGN KEY ("replaces_member_id") REFERENCES "public"."review_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_member" ADD CONSTRAINT "review_member_replaced_by_member_id_review_member_id_fk" FOREIGN KEY ("replaced_by_member_id") REFERENCES "public"."review_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_qualification" ADD CONSTRAINT "review_qualification_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_qualification" ADD CONSTRAINT "review_qualification_committee_id_review_committee_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."review_committee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_qualification" ADD CONSTRAINT "review_qualification_member_id_review_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."review_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_qualification" ADD CONSTRAINT "review_qualification_bid_id_purchase_bid_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."purchase_bid"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_qualification" ADD CONSTRAINT "review_qualification_item_id_purchase_review_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."purchase_review_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_result" ADD CONSTRAINT "review_result_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_result" ADD CONSTRAINT "review_result_committee_id_review_committee_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."review_committee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_result" ADD CONSTRAINT "review_result_package_id_purchase_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."purchase_package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_result" ADD CONSTRAINT "review_result_report_file_id_sys_file_id_fk" FOREIGN KEY ("report_file_id") REFERENCES "public"."sys_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_score" ADD CONSTRAINT "review_score_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_score" ADD CONSTRAINT "review_score_committee_id_review_committee_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."review_committee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_score" ADD CONSTRAINT "review_score_member_id_review_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."review_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_score" ADD CONSTRAINT "review_score_bid_id_purchase_bid_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."purchase_bid"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_score" ADD CONSTRAINT "review_score_item_id_purchase_review_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."purchase_review_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_score" ADD CONSTRAINT "review_score_returned_by_review_member_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."review_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expert_profile_user_uq" ON "expert_profile" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "expert_profile_draw_idx" ON "expert_profile" USING btree ("tenant_id","status") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "expert_profile_speciality_idx" ON "expert_profile" USING gin ("specialities");--> statement-breakpoint
CREATE INDEX "expert_profile_time_idx" ON "expert_profile" USING btree ("tenant_id","create_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "review_bid_uq" ON "review_bid" USING btree ("committee_id","bid_id");--> statement-breakpoint
CREATE INDEX "review_bid_package_idx" ON "review_bid" USING btree ("package_id","final_rank");--> statement-breakpoint
CREATE INDEX "review_bid_supplier_idx" ON "review_bid" USING btree ("tenant_id","supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_campaign_check_uq" ON "review_campaign_check" USING btree ("bid_id","kind");--> statement-breakpoint
CREATE INDEX "review_campaign_check_committee_idx" ON "review_campaign_check" USING btree ("committee_id","bid_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_clarification_round_uq" ON "review_clarification" USING btree ("bid_id","round_no") WHERE kind = 'round';--> statement-breakpoint
CREATE UNIQUE INDEX "review_clarification_open_uq" ON "review_clarification" USING btree ("bid_id") WHERE kind = 'clarify' AND state = 'open';--> statement-breakpoint
CREATE INDEX "review_clarification_committee_idx" ON "review_clarification" USING btree ("committee_id","create_time");--> statement-breakpoint
CREATE INDEX "review_clarification_supplier_idx" ON "review_clarification" USING btree ("tenant_id","supplier_id","state","deadline");--> statement-breakpoint
CREATE INDEX "review_clarification_due_idx" ON "review_clarification" USING btree ("deadline") WHERE state = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "review_committee_package_uq" ON "review_committee" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "review_committee_state_idx" ON "review_committee" USING btree ("tenant_id","state","drawn_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "review_leader_vote_uq" ON "review_leader_vote" USING btree ("committee_id","round","voter_member_id");--> statement-breakpoint
CREATE INDEX "review_leader_vote_count_idx" ON "review_leader_vote" USING btree ("committee_id","round","candidate_member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_member_user_uq" ON "review_member" USING btree ("committee_id","user_id");--> statement-breakpoint
CREATE INDEX "review_member_user_state_idx" ON "review_member" USING btree ("tenant_id","user_id","state","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "review_member_user_package_idx" ON "review_member" USING btree ("user_id","package_id");--> statement-breakpoint
CREATE INDEX "review_member_committee_idx" ON "review_member" USING btree ("committee_id","draw_sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "review_qualification_uq" ON "review_qualification" USING btree ("member_id","bid_id","item_id");--> statement-breakpoint
CREATE INDEX "review_qualification_bid_idx" ON "review_qualification" USING btree ("committee_id","bid_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_result_committee_uq" ON "review_result" USING btree ("committee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_result_package_uq" ON "review_result" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_score_uq" ON "review_score" USING btree ("member_id","bid_id","item_id");--> statement-breakpoint
CREATE INDEX "review_score_summary_idx" ON "review_score" USING btree ("committee_id","bid_id","item_id");--> statement-breakpoint
CREATE INDEX "review_score_member_idx" ON "review_score" USING btree ("member_id","bid_id");--> statement-breakpoint
-- The list fast path's change notifications (0012) for every table that lacks them: this migration's, and those
-- of 0015–0016, which shipped without (a list cached by another instance would otherwise miss their writes).
DO $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'aps_table_changed')
  LOOP
    EXECUTE format(
      'CREATE TRIGGER aps_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.%I '
      'FOR EACH STATEMENT EXECUTE FUNCTION aps_table_changed()',
      t
    );
  END LOOP;
END $$;
