import {
  AuditOutlined,
  FileProtectOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Button, theme } from 'antd';
import { Link } from 'react-router';
import { PortalShell } from '../PortalShell.tsx';

const AREAS = [
  { icon: <ShoppingCartOutlined />, title: '采购计划', text: '计划编制、审批与汇总，采购需求一目了然' },
  { icon: <NotificationOutlined />, title: '采购公告', text: '公告发布、报名与答疑，信息公开透明' },
  { icon: <AuditOutlined />, title: '评审评标', text: '专家抽取、在线评分与组长推选，全程留痕' },
  { icon: <FileProtectOutlined />, title: '合同结算', text: '合同签订、履约跟踪与结算台账' },
  { icon: <TeamOutlined />, title: '供应商管理', text: '供应商名录、合格名单与黑名单' },
  { icon: <SafetyCertificateOutlined />, title: '监督检查', text: '过程监控、检查整改，阳光采购' },
];

/** /home: the public portal (where / leads in production). */
export default function HomePage() {
  const { token } = theme.useToken();
  return (
    <PortalShell>
      <section
        style={{
          background: 'linear-gradient(135deg, #1f6fd6 0%, #278bf7 55%, #56a8ff 100%)',
          color: '#fff',
          padding: '72px 24px 88px',
        }}
      >
        <div style={{ maxWidth: 1200, margin: '0 auto' }}>
          <h1 style={{ fontSize: 38, fontWeight: 600, margin: 0, letterSpacing: 2 }}>全流程数字化采购平台</h1>
          <p style={{ fontSize: 18, margin: '16px 0 32px', opacity: 0.9, maxWidth: 640, lineHeight: 1.7 }}>
            从采购计划、公告、选商、评审到合同与结算，采购业务全流程线上办理，阳光采购 · 全程留痕 · 高效协同。
          </p>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Link to="/user/login">
              <Button size="large" style={{ color: token.colorPrimary, fontWeight: 500 }}>
                登录平台
              </Button>
            </Link>
            <Link to="/register">
              <Button size="large" ghost>
                供应商注册
              </Button>
            </Link>
          </div>
        </div>
      </section>
      <section style={{ maxWidth: 1200, margin: '-48px auto 0', padding: '0 24px 48px' }}>
        <ul
          aria-label="平台业务"
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
            gap: 16,
          }}
        >
          {AREAS.map((a) => (
            <li
              key={a.title}
              style={{
                background: '#fff',
                borderRadius: 12,
                padding: '24px 24px 20px',
                boxShadow: '0 6px 20px rgba(22,65,120,0.08)',
                display: 'flex',
                gap: 16,
              }}
            >
              <span
                style={{
                  flex: 'none',
                  width: 44,
                  height: 44,
                  borderRadius: 10,
                  background: '#e8f3fe',
                  color: token.colorPrimary,
                  fontSize: 22,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                }}
              >
                {a.icon}
              </span>
              <div>
                <h2 style={{ margin: '0 0 6px', fontSize: 16, fontWeight: 600, color: token.colorTextHeading }}>
                  {a.title}
                </h2>
                <p style={{ margin: 0, color: token.colorTextSecondary, lineHeight: 1.6 }}>{a.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </PortalShell>
  );
}
