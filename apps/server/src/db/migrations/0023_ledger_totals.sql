CREATE TABLE "ledger_total" (
	"tenant_id" integer NOT NULL,
	"sys_org_code" text NOT NULL,
	"supplier_id" uuid NOT NULL,
	"category" text NOT NULL,
	"state" text NOT NULL,
	"contracts" integer DEFAULT 0 NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"changed_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"settled_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"payable_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"paid_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"retention_held" numeric(18, 2) DEFAULT '0' NOT NULL,
	"retention_released" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_total" ADD CONSTRAINT "ledger_total_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_total_uq" ON "ledger_total" USING btree ("tenant_id","sys_org_code","supplier_id","category","state");--> statement-breakpoint
-- custom:
-- 结算台账 totals (p16-ledger): the contract rows a statement wrote, old rows subtracted and new rows added, summed
-- per (tenant, department, supplier, category, state) and added to ledger_total in the writer's transaction, so every
-- writer is covered. Statement-level with transition tables: one upsert per key per statement (a bulk insert of
-- 100,000 contracts is one GROUP BY, not 100,000 updates of the same few rows); an UPDATE that changes none of the
-- summed columns nets to zero and writes nothing.
CREATE OR REPLACE FUNCTION aps_ledger_total_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_total AS t (tenant_id, sys_org_code, supplier_id, category, state, contracts, amount,
    changed_amount, settled_amount, payable_amount, paid_amount, retention_held, retention_released)
  SELECT x.tenant_id, x.sys_org_code, x.supplier_id, coalesce(pp.purchase_category, ''), x.state, sum(x.k),
    sum(x.k * x.amount), sum(x.k * x.changed_amount), sum(x.k * x.settled_amount), sum(x.k * x.payable_amount),
    sum(x.k * x.paid_amount), sum(x.k * x.retention_held), sum(x.k * x.retention_released)
  FROM (SELECT n.*, 1 AS k FROM aps_new n) x
  LEFT JOIN purchase_package pp ON pp.id = x.package_id
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(x.k) <> 0 OR sum(x.k * x.amount) <> 0 OR sum(x.k * x.changed_amount) <> 0
    OR sum(x.k * x.settled_amount) <> 0 OR sum(x.k * x.payable_amount) <> 0 OR sum(x.k * x.paid_amount) <> 0
    OR sum(x.k * x.retention_held) <> 0 OR sum(x.k * x.retention_released) <> 0
  ON CONFLICT (tenant_id, sys_org_code, supplier_id, category, state) DO UPDATE SET
    contracts = t.contracts + excluded.contracts, amount = t.amount + excluded.amount,
    changed_amount = t.changed_amount + excluded.changed_amount,
    settled_amount = t.settled_amount + excluded.settled_amount,
    payable_amount = t.payable_amount + excluded.payable_amount, paid_amount = t.paid_amount + excluded.paid_amount,
    retention_held = t.retention_held + excluded.retention_held,
    retention_released = t.retention_released + excluded.retention_released;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aps_ledger_total_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_total AS t (tenant_id, sys_org_code, supplier_id, category, state, contracts, amount,
    changed_amount, settled_amount, payable_amount, paid_amount, retention_held, retention_released)
  SELECT x.tenant_id, x.sys_org_code, x.supplier_id, coalesce(pp.purchase_category, ''), x.state, sum(x.k),
    sum(x.k * x.amount), sum(x.k * x.changed_amount), sum(x.k * x.settled_amount), sum(x.k * x.payable_amount),
    sum(x.k * x.paid_amount), sum(x.k * x.retention_held), sum(x.k * x.retention_released)
  FROM (SELECT n.*, 1 AS k FROM aps_new n UNION ALL SELECT o.*, -1 FROM aps_old o) x
  LEFT JOIN purchase_package pp ON pp.id = x.package_id
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(x.k) <> 0 OR sum(x.k * x.amount) <> 0 OR sum(x.k * x.changed_amount) <> 0
    OR sum(x.k * x.settled_amount) <> 0 OR sum(x.k * x.payable_amount) <> 0 OR sum(x.k * x.paid_amount) <> 0
    OR sum(x.k * x.retention_held) <> 0 OR sum(x.k * x.retention_released) <> 0
  ON CONFLICT (tenant_id, sys_org_code, supplier_id, category, state) DO UPDATE SET
    contracts = t.contracts + excluded.contracts, amount = t.amount + excluded.amount,
    changed_amount = t.changed_amount + excluded.changed_amount,
    settled_amount = t.settled_amount + excluded.settled_amount,
    payable_amount = t.payable_amount + excluded.payable_amount, paid_amount = t.paid_amount + excluded.paid_amount,
    retention_held = t.retention_held + excluded.retention_held,
    retention_released = t.retention_released + excluded.retention_released;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aps_ledger_total_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_total AS t (tenant_id, sys_org_code, supplier_id, category, state, contracts, amount,
    changed_amount, settled_amount, payable_amount, paid_amount, retention_held, retention_released)
  SELECT x.tenant_id, x.sys_org_code, x.supplier_id, coalesce(pp.purchase_category, ''), x.state, sum(x.k),
    sum(x.k * x.amount), sum(x.k * x.changed_amount), sum(x.k * x.settled_amount), sum(x.k * x.payable_amount),
    sum(x.k * x.paid_amount), sum(x.k * x.retention_held), sum(x.k * x.retention_released)
  FROM (SELECT o.*, -1 AS k FROM aps_old o) x
  LEFT JOIN purchase_package pp ON pp.id = x.package_id
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(x.k) <> 0 OR sum(x.k * x.amount) <> 0 OR sum(x.k * x.changed_amount) <> 0
    OR sum(x.k * x.settled_amount) <> 0 OR sum(x.k * x.payable_amount) <> 0 OR sum(x.k * x.paid_amount) <> 0
    OR sum(x.k * x.retention_held) <> 0 OR sum(x.k * x.retention_released) <> 0
  ON CONFLICT (tenant_id, sys_org_code, supplier_id, category, state) DO UPDATE SET
    contracts = t.contracts + excluded.contracts, amount = t.amount + excluded.amount,
    changed_amount = t.changed_amount + excluded.changed_amount,
    settled_amount = t.settled_amount + excluded.settled_amount,
    payable_amount = t.payable_amount + excluded.payable_amount, paid_amount = t.paid_amount + excluded.paid_amount,
    retention_held = t.retention_held + excluded.retention_held,
    retention_released = t.retention_released + excluded.retention_released;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER aps_ledger_total_ins AFTER INSERT ON contract REFERENCING NEW TABLE AS aps_new
  FOR EACH STATEMENT EXECUTE FUNCTION aps_ledger_total_insert();
--> statement-breakpoint
CREATE TRIGGER aps_ledger_total_upd AFTER UPDATE ON contract REFERENCING OLD TABLE AS aps_old NEW TABLE AS aps_new
  FOR EACH STATEMENT EXECUTE FUNCTION aps_ledger_total_update();
--> statement-breakpoint
CREATE TRIGGER aps_ledger_total_del AFTER DELETE ON contract REFERENCING OLD TABLE AS aps_old
  FOR EACH STATEMENT EXECUTE FUNCTION aps_ledger_total_delete();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aps_ledger_total_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER aps_ledger_total_truncate AFTER TRUNCATE ON contract
  FOR EACH STATEMENT EXECUTE FUNCTION aps_ledger_total_clear();
--> statement-breakpoint
-- A package whose category changes moves its contracts' totals to the new category.
CREATE OR REPLACE FUNCTION aps_ledger_total_recategorize() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_total AS t (tenant_id, sys_org_code, supplier_id, category, state, contracts, amount,
    changed_amount, settled_amount, payable_amount, paid_amount, retention_held, retention_released)
  SELECT c.tenant_id, c.sys_org_code, c.supplier_id, x.category, c.state, sum(x.k), sum(x.k * c.amount),
    sum(x.k * c.changed_amount), sum(x.k * c.settled_amount), sum(x.k * c.payable_amount), sum(x.k * c.paid_amount),
    sum(x.k * c.retention_held), sum(x.k * c.retention_released)
  FROM contract c
  CROSS JOIN (VALUES (coalesce(OLD.purchase_category, ''), -1), (coalesce(NEW.purchase_category, ''), 1)) x(category, k)
  WHERE c.package_id = NEW.id
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (tenant_id, sys_org_code, supplier_id, category, state) DO UPDATE SET
    contracts = t.contracts + excluded.contracts, amount = t.amount + excluded.amount,
    changed_amount = t.changed_amount + excluded.changed_amount,
    settled_amount = t.settled_amount + excluded.settled_amount,
    payable_amount = t.payable_amount + excluded.payable_amount, paid_amount = t.paid_amount + excluded.paid_amount,
    retention_held = t.retention_held + excluded.retention_held,
    retention_released = t.retention_released + excluded.retention_released;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER aps_ledger_total_category AFTER UPDATE OF purchase_category ON purchase_package
  FOR EACH ROW WHEN (OLD.purchase_category IS DISTINCT FROM NEW.purchase_category)
  EXECUTE FUNCTION aps_ledger_total_recategorize();
--> statement-breakpoint
INSERT INTO ledger_total (tenant_id, sys_org_code, supplier_id, category, state, contracts, amount, changed_amount,
  settled_amount, payable_amount, paid_amount, retention_held, retention_released)
SELECT c.tenant_id, c.sys_org_code, c.supplier_id, coalesce(pp.purchase_category, ''), c.state, count(*)::int,
  sum(c.amount), sum(c.changed_amount), sum(c.settled_amount), sum(c.payable_amount), sum(c.paid_amount),
  sum(c.retention_held), sum(c.retention_released)
FROM contract c LEFT JOIN purchase_package pp ON pp.id = c.package_id
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- The list fast path's change notifications (0012) on the new table, as every table has them.
CREATE TRIGGER aps_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.ledger_total
  FOR EACH STATEMENT EXECUTE FUNCTION aps_table_changed();
