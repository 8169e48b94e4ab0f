import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A list page's record link: `?open=<id>` (e.g. `/contract/list?open=…` from 监控中心) opens that record's detail,
 * once per distinct link. The URL is left alone (the tab is keyed by it); an id that is not a uuid is ignored.
 */
export function useOpenFromLink(open: (id: string) => void, param = 'open'): void {
  const [params] = useSearchParams();
  const id = params.get(param);
  const opened = useRef('');
  useEffect(() => {
    if (!id || !UUID.test(id) || opened.current === id) return;
    opened.current = id;
    open(id);
  }, [id, open]);
}
