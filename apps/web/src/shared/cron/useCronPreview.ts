import { validateQuartzCron } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { request } from '../http.ts';

/** §4: the preview follows the editing 500 ms late. */
export const CRON_PREVIEW_DEBOUNCE_MS = 500;

/**
 * The next `count` fire times of a Quartz expression (§4 preview), as the server's scheduler computes them with
 * croner (`quartzToCroner`), so the preview is what will run, in the server's time zone. An expression the shared
 * model refuses is not sent; `problem` carries its Chinese reason at once, without waiting for the debounce.
 */
export function useCronPreview(expression: string | undefined, count = 10) {
  const text = (expression ?? '').trim();
  const [debounced, setDebounced] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), CRON_PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const problem = text ? validateQuartzCron(text) : null;
  const query = useQuery({
    queryKey: ['cron', 'preview', debounced, count],
    queryFn: ({ signal }) =>
      request<string[]>('/sys/quartzJob/cronPreview', { query: { cronExpression: debounced, count }, signal }),
    enabled: Boolean(debounced) && validateQuartzCron(debounced) === null,
    staleTime: 0,
    retry: false,
  });
  return { problem, pending: text !== debounced, ...query };
}
