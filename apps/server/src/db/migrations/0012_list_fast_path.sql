-- The list fast path (issue 11 §2): a list's total is cached per table version in each server process. Every
-- statement that changes a table tells the listening servers after it commits (one notification per table and
-- transaction: PostgreSQL folds identical payloads), so a cached total never outlives a write made elsewhere
-- (another instance, a CLI, SQL by hand). A table created by a later migration adds the same trigger.
CREATE FUNCTION "aps_table_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('aps_table_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
  LOOP
    EXECUTE format(
      'CREATE TRIGGER aps_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.%I '
      'FOR EACH STATEMENT EXECUTE FUNCTION aps_table_changed()',
      t.relname
    );
  END LOOP;
END $$;
