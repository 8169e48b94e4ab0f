import type { BuyerDashboardPendingItem } from '@aps/shared/constants';
import { Badge, Empty, theme } from 'antd';
import { navigateQuietly } from '../../../../shared/navigation.ts';

/**
 * 我的待办事项: each kind of pending work with its count, a link that opens the page listing it (as a tab, like a
 * menu click). Kinds with nothing pending are left out; with none at all, 暂无数据.
 */
export function PendingWorkList({ items }: { items: readonly BuyerDashboardPendingItem[] }) {
  const { token } = theme.useToken();
  const open = items.filter((i) => i.count > 0);
  if (open.length === 0) return <Empty description="暂无数据" />;
  return (
    <ul aria-label="我的待办事项" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {open.map((item) => (
        <li
          key={item.key}
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            padding: '10px 4px',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <a
            href={item.path}
            onClick={(e) => {
              e.preventDefault();
              navigateQuietly(item.path);
            }}
          >
            {item.label}
          </a>
          <Badge count={item.count} overflowCount={999} color={token.colorPrimary} showZero />
        </li>
      ))}
    </ul>
  );
}
