import { ToolOutlined } from '@ant-design/icons';
import { Button, Card, Result, theme } from 'antd';
import { useNavigate } from 'react-router';

/** A menu whose component has no page yet (§2): says so, naming the menu, instead of failing. */
export default function ConstructionPage({ title, component }: { title: string; component?: string }) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  return (
    <Card variant="borderless">
      <Result
        icon={<ToolOutlined style={{ color: token.colorPrimary }} />}
        title={`「${title}」功能建设中`}
        subTitle="该功能正在建设中，敬请期待。如需办理相关业务，请联系系统管理员。"
        extra={[
          <Button key="back" onClick={() => navigate(-1)}>
            返回上一页
          </Button>,
        ]}
      >
        {component && (
          <div style={{ textAlign: 'center', color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>
            页面组件：{component}
          </div>
        )}
      </Result>
    </Card>
  );
}
