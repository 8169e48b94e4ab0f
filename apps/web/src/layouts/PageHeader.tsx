import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb, theme } from 'antd';
import { memo } from 'react';
import { Link } from 'react-router';
import type { AppRoute } from '../app/routeTable.ts';

/**
 * The page wrapper's header (§2): the breadcrumb — home, then the matched routes, the current one not linked —
 * and the title from the route meta.
 */
export const PageHeader = memo(function PageHeader({
  route,
  home,
  homeTitle,
}: {
  route: AppRoute;
  home: string;
  homeTitle: string;
}) {
  const { token } = theme.useToken();
  const isHome = route.path === home;
  const items = [
    {
      key: 'home',
      title: isHome ? (
        <span>
          <HomeOutlined /> {homeTitle}
        </span>
      ) : (
        <Link to={home}>
          <HomeOutlined /> {homeTitle}
        </Link>
      ),
    },
    ...(isHome
      ? []
      : [
          ...route.parents.map((p) => ({
            key: p.path,
            title:
              p.redirect && p.redirect !== p.path ? <Link to={p.redirect}>{p.title}</Link> : <span>{p.title}</span>,
          })),
          { key: route.path, title: <span aria-current="page">{route.title}</span> },
        ]),
  ];
  return (
    <div
      className="aps-page-header"
      style={{
        background: token.colorBgContainer,
        padding: '12px 24px 14px',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Breadcrumb items={items} />
      <h1
        style={{
          margin: '8px 0 0',
          fontSize: 20,
          lineHeight: '28px',
          fontWeight: 600,
          color: token.colorTextHeading,
        }}
      >
        {route.title}
      </h1>
    </div>
  );
});
