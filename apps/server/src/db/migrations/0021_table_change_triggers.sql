-- The list fast path's change notifications (0012) for the tables of 0020 (suppliers, contracts, settlements), which
-- shipped without: the ledger and the supplier lists are cached, and another instance must hear their writes.
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
