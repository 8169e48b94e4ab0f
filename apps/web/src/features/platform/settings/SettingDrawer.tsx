import { CheckOutlined, CloseOutlined, SettingOutlined } from '@ant-design/icons';
import { Alert, App, Button, Divider, Drawer, List, Select, Switch, Tooltip, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import {
  type LayoutMode,
  type NavTheme,
  PRIMARY_COLORS,
  THEME_UPDATE_FAILED,
  useSettingsStore,
} from '../../../shared/stores/settings.ts';

const DRAWER_WIDTH = 300;

/** A small picture of a layout (side menu light/dark, top menu) to choose from. */
function LayoutThumb({
  label,
  selected,
  sider,
  header,
  onClick,
}: {
  label: string;
  selected: boolean;
  sider: 'dark' | 'light' | null;
  header: 'dark' | 'light';
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={selected}
        onClick={onClick}
        style={{
          position: 'relative',
          width: 52,
          height: 44,
          padding: 0,
          border: 'none',
          borderRadius: 4,
          overflow: 'hidden',
          cursor: 'pointer',
          background: '#f0f2f5',
          boxShadow: '0 1px 2.5px rgba(0,0,0,0.18)',
        }}
      >
        <span
          style={{
            position: 'absolute',
            inset: '0 0 auto 0',
            height: 11,
            background: header === 'dark' ? '#001529' : '#fff',
          }}
        />
        {sider && (
          <span
            style={{
              position: 'absolute',
              inset: '0 auto 0 0',
              width: 14,
              background: sider === 'dark' ? '#001529' : '#fff',
              zIndex: 1,
            }}
          />
        )}
        {selected && (
          <CheckOutlined style={{ position: 'absolute', right: 8, bottom: 8, color: '#278bf7', fontSize: 14 }} />
        )}
      </button>
    </Tooltip>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={{ marginBottom: 24 }}>
      <h3 style={{ fontSize: 14, fontWeight: 500, margin: '0 0 12px', color: 'rgba(0,0,0,0.88)' }}>{title}</h3>
      {children}
    </section>
  );
}

/**
 * The display settings drawer (§2, development preview): every setting with the coupling rules of §4, kept
 * under pro__APP_SETTINGS.
 */
export default function SettingDrawer() {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const s = useSettingsStore();

  const row = (label: string, control: ReactNode, hint?: string) => (
    <List.Item style={{ padding: '10px 0' }} extra={control}>
      <Tooltip title={hint} placement="left">
        <span style={{ color: hint ? token.colorTextTertiary : token.colorText }}>{label}</span>
      </Tooltip>
    </List.Item>
  );

  const themes: { key: NavTheme; label: string }[] = [
    { key: 'dark', label: '暗色菜单风格' },
    { key: 'light', label: '亮色菜单风格' },
  ];
  const layouts: { key: LayoutMode; label: string }[] = [
    { key: 'sidemenu', label: '侧边栏导航' },
    { key: 'topmenu', label: '顶部栏导航' },
  ];

  return (
    <>
      <button
        type="button"
        aria-label="系统设置"
        onClick={() => setOpen(!open)}
        style={{
          position: 'fixed',
          top: 240,
          right: open ? DRAWER_WIDTH : 0,
          zIndex: 1001,
          width: 48,
          height: 48,
          border: 'none',
          borderRadius: '4px 0 0 4px',
          background: token.colorPrimary,
          color: '#fff',
          fontSize: 20,
          cursor: 'pointer',
          transition: 'right 0.3s',
          boxShadow: '0 2px 8px rgba(0,0,0,0.15)',
        }}
      >
        {open ? <CloseOutlined /> : <SettingOutlined />}
      </button>
      <Drawer title="系统设置" open={open} onClose={() => setOpen(false)} size={DRAWER_WIDTH} placement="right">
        <Section title="整体风格设置">
          <div style={{ display: 'flex', gap: 16 }}>
            {themes.map((t) => (
              <LayoutThumb
                key={t.key}
                label={t.label}
                selected={s.navTheme === t.key}
                sider={t.key}
                header="light"
                onClick={() => s.setNavTheme(t.key)}
              />
            ))}
          </div>
        </Section>
        <Section title="主题色">
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            {PRIMARY_COLORS.map((c) => (
              <Tooltip key={c.color} title={c.key}>
                <button
                  type="button"
                  aria-label={`主题色 ${c.key}`}
                  aria-pressed={s.primaryColor === c.color}
                  onClick={() => {
                    try {
                      s.setPrimaryColor(c.color);
                    } catch {
                      void message.error(THEME_UPDATE_FAILED);
                    }
                  }}
                  style={{
                    width: 22,
                    height: 22,
                    border: 'none',
                    borderRadius: 3,
                    background: c.color,
                    color: '#fff',
                    cursor: 'pointer',
                    padding: 0,
                    fontSize: 12,
                  }}
                >
                  {s.primaryColor === c.color && <CheckOutlined />}
                </button>
              </Tooltip>
            ))}
          </div>
        </Section>
        <Divider />
        <Section title="导航模式">
          <div style={{ display: 'flex', gap: 16, marginBottom: 8 }}>
            {layouts.map((l) => (
              <LayoutThumb
                key={l.key}
                label={l.label}
                selected={s.layout === l.key}
                sider={l.key === 'sidemenu' ? 'dark' : null}
                header={l.key === 'topmenu' ? 'dark' : 'light'}
                onClick={() => s.setLayout(l.key)}
              />
            ))}
          </div>
          <List split={false}>
            {row(
              '内容区域宽度',
              <Select
                aria-label="内容区域宽度"
                size="small"
                style={{ width: 88 }}
                value={s.contentWidth}
                onChange={s.setContentWidth}
                options={[
                  { value: 'Fixed', label: '固定' },
                  ...(s.layout !== 'sidemenu' ? [{ value: 'Fluid', label: '流式' }] : []),
                ]}
              />,
              s.layout === 'sidemenu' ? '该设定仅 [顶部栏导航] 时有效' : undefined,
            )}
            {row(
              '固定 Header',
              <Switch aria-label="固定 Header" size="small" checked={s.fixedHeader} onChange={s.setFixedHeader} />,
            )}
            {row(
              '下滑时隐藏 Header',
              <Switch
                aria-label="下滑时隐藏 Header"
                size="small"
                disabled={!s.fixedHeader}
                checked={s.autoHideHeader}
                onChange={s.setAutoHideHeader}
              />,
              s.fixedHeader ? undefined : '固定 Header 时可配置',
            )}
            {row(
              '固定侧边菜单',
              <Switch
                aria-label="固定侧边菜单"
                size="small"
                disabled={s.layout === 'topmenu'}
                checked={s.fixSiderbar}
                onChange={s.setFixSiderbar}
              />,
              s.layout === 'topmenu' ? '顶部栏导航时不可固定侧边菜单' : undefined,
            )}
          </List>
        </Section>
        <Divider />
        <Section title="其他设置">
          <List split={false}>
            {row(
              '色弱模式',
              <Switch aria-label="色弱模式" size="small" checked={s.colorWeak} onChange={s.setColorWeak} />,
            )}
            {row(
              '多页签模式',
              <Switch aria-label="多页签模式" size="small" checked={s.multiTab} onChange={s.setMultiTab} />,
            )}
          </List>
        </Section>
        <Divider />
        <Alert
          type="warning"
          showIcon
          title="该面板仅在开发环境预览显示，设置保存在本地浏览器中。"
          style={{ marginBottom: 16 }}
        />
        <Button block onClick={s.reset}>
          恢复默认设置
        </Button>
      </Drawer>
    </>
  );
}
