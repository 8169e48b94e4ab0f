CREATE TABLE "purchase_record_count" (
	"tenant_id" integer NOT NULL,
	"sys_org_code" text NOT NULL,
	"purchase_stage" smallint NOT NULL,
	"purchase_category" text NOT NULL,
	"election_status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "purchase_record_count_pk" PRIMARY KEY("tenant_id","sys_org_code","purchase_stage","purchase_category","election_status")
);
--> statement-breakpoint
DROP INDEX "purchase_record_tenant_time_idx";--> statement-breakpoint
DROP INDEX "purchase_record_stage_time_idx";--> statement-breakpoint
ALTER TABLE "purchase_record_count" ADD CONSTRAINT "purchase_record_count_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_record_tenant_time_idx" ON "purchase_record" USING btree ("tenant_id","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "purchase_record_stage_time_idx" ON "purchase_record" USING btree ("tenant_id","purchase_stage","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- purchase_record_count follows purchase_record exactly: one aggregated upsert per statement, in the
-- statement's transaction, from its transition tables (a bulk insert of a million rows costs one upsert).
CREATE FUNCTION "purchase_record_count_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO purchase_record_count AS c (tenant_id, sys_org_code, purchase_stage, purchase_category, election_status, n)
    SELECT tenant_id, sys_org_code, purchase_stage, purchase_category, coalesce(election_status, ''), count(*)
    FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT purchase_record_count_pk DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO purchase_record_count AS c (tenant_id, sys_org_code, purchase_stage, purchase_category, election_status, n)
    SELECT tenant_id, sys_org_code, purchase_stage, purchase_category, coalesce(election_status, ''), -count(*)
    FROM old_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT purchase_record_count_pk DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO purchase_record_count AS c (tenant_id, sys_org_code, purchase_stage, purchase_category, election_status, n)
    SELECT tenant_id, sys_org_code, purchase_stage, purchase_category, election_status, sum(d)
    FROM (
      SELECT tenant_id, sys_org_code, purchase_stage, purchase_category, coalesce(election_status, '') AS election_status, 1 AS d
      FROM new_rows
      UNION ALL
      SELECT tenant_id, sys_org_code, purchase_stage, purchase_category, coalesce(election_status, ''), -1
      FROM old_rows
    ) AS changes
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT purchase_record_count_pk DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "purchase_record_count_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM purchase_record_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "purchase_record_count_insert" AFTER INSERT ON "purchase_record"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION purchase_record_count_apply();
--> statement-breakpoint
CREATE TRIGGER "purchase_record_count_update" AFTER UPDATE ON "purchase_record"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION purchase_record_count_apply();
--> statement-breakpoint
CREATE TRIGGER "purchase_record_count_delete" AFTER DELETE ON "purchase_record"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION purchase_record_count_apply();
--> statement-breakpoint
CREATE TRIGGER "purchase_record_count_truncate" AFTER TRUNCATE ON "purchase_record"
  FOR EACH STATEMENT EXECUTE FUNCTION purchase_record_count_reset();
--> statement-breakpoint
INSERT INTO "purchase_record_count" (tenant_id, sys_org_code, purchase_stage, purchase_category, election_status, n)
SELECT tenant_id, sys_org_code, purchase_stage, purchase_category, coalesce(election_status, ''), count(*)
FROM "purchase_record" GROUP BY 1, 2, 3, 4, 5;
