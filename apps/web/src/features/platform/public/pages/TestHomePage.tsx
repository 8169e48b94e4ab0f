import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Descriptions } from 'antd';
import dayjs from 'dayjs';
import { http } from '../../../../shared/http.ts';
import { PortalShell } from '../PortalShell.tsx';

/** /test/home: a public check page — is the service up, which build is this. */
export default function TestHomePage() {
  const health = useQuery({
    queryKey: ['health'],
    queryFn: () => http.get<{ status: string; startedAt: string }>('/sys/health'),
    refetchInterval: 10_000,
  });
  const up = health.data?.status === 'UP';
  return (
    <PortalShell>
      <div style={{ maxWidth: 800, margin: '0 auto', padding: '32px 24px' }}>
        <Card title="平台运行状态" variant="borderless">
          <Descriptions column={1} bordered size="middle">
            <Descriptions.Item label="服务状态">
              {health.isPending ? (
                <Badge status="processing" text="检测中" />
              ) : up ? (
                <Badge status="success" text="运行正常" />
              ) : (
                <Badge status="error" text="无法连接服务" />
              )}
            </Descriptions.Item>
            <Descriptions.Item label="服务启动时间">
              {health.data ? dayjs(health.data.startedAt).format('YYYY-MM-DD HH:mm:ss') : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="前端构建">{import.meta.env.DEV ? '开发环境' : '生产环境'}</Descriptions.Item>
            <Descriptions.Item label="浏览器时间">{dayjs().format('YYYY-MM-DD HH:mm:ss')}</Descriptions.Item>
          </Descriptions>
        </Card>
      </div>
    </PortalShell>
  );
}
