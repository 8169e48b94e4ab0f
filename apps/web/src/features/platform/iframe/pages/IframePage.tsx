import { Empty, Spin } from 'antd';
import { useState } from 'react';

/** An iframe menu item (component layouts/IframePageView): shows meta.url inside the workspace. */
export default function IframePage({ url, title }: { url: string | null; title: string }) {
  const [loading, setLoading] = useState(true);
  if (!url) return <Empty description={`「${title}」未配置页面地址`} />;
  return (
    <Spin spinning={loading} description="正在加载…">
      <iframe
        title={title}
        src={url}
        onLoad={() => setLoading(false)}
        style={{
          width: '100%',
          height: 'calc(100vh - 260px)',
          minHeight: 480,
          border: 0,
          background: '#fff',
          borderRadius: 8,
        }}
      />
    </Spin>
  );
}
