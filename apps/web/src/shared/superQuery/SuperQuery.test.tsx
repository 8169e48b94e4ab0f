import { USER_SUPER_QUERY_FIELDS } from '@aps/shared/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SUPER_QUERY_MODAL_WIDTH, SuperQuery } from './SuperQuery.tsx';

function render(active: boolean) {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <SuperQuery
        listKey="sys_user"
        fields={USER_SUPER_QUERY_FIELDS}
        value={active ? { matchType: 'and', records: [{ field: 'username', rule: 'eq', val: 'a' }] } : null}
        onSearch={() => {}}
      />
    </QueryClientProvider>,
  );
}

describe('SuperQuery', () => {
  it('renders the 高级查询 toolbar button, marked while a query is active', () => {
    const idle = render(false);
    expect(idle).toContain('高级查询');
    expect(idle).not.toContain('ant-badge-dot');
    expect(render(true)).toContain('ant-badge-dot');
  });

  it('opens a 1000 wide modal (§9)', () => {
    expect(SUPER_QUERY_MODAL_WIDTH).toBe(1000);
  });
});
