import type { QaPublicDto } from '@aps/shared';
import { Collapse, Empty } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Highlight } from './Highlight.tsx';

interface Props<T extends QaPublicDto> {
  /** Already filtered and sorted. */
  entries: T[];
  query: string;
  /** Actions shown in a panel's header (edit, delete). */
  extra?: (entry: T) => ReactNode;
}

/**
 * §2: expandable panels, the question as header and the answer as body, matches highlighted. While a search is
 * active every matching panel opens, so the highlighted answer is in view; the user may still fold any of them.
 */
export function QaCollapse<T extends QaPublicDto>({ entries, query, extra }: Props<T>) {
  const [open, setOpen] = useState<string[]>([]);
  const searching = query.trim() !== '';
  const keys = entries.map((e) => e.id).join(',');
  useEffect(() => {
    setOpen(searching && keys ? keys.split(',') : []);
  }, [searching, keys]);

  if (entries.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={searching ? '没有查询到任何数据' : '暂无数据'}
        style={{ padding: '32px 0' }}
      />
    );
  }
  return (
    <Collapse
      activeKey={open}
      onChange={(k) => setOpen(Array.isArray(k) ? k : [k])}
      items={entries.map((e) => ({
        key: e.id,
        label: (
          <span style={{ fontWeight: 500 }}>
            <Highlight text={e.questionContent} query={query} />
          </span>
        ),
        children: (
          <div style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }}>
            <Highlight text={e.answerContent} query={query} />
          </div>
        ),
        extra: extra ? (
          // Clicks on the actions must not fold or unfold the panel.
          // biome-ignore lint/a11y/noStaticElementInteractions: only stops propagation; the buttons inside are the controls.
          // biome-ignore lint/a11y/useKeyWithClickEvents: as above.
          <span onClick={(ev) => ev.stopPropagation()}>{extra(e)}</span>
        ) : undefined,
      }))}
    />
  );
}
