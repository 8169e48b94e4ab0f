import { Spin } from 'antd';

/** Shown while a route's code chunk loads. */
export function PageLoading() {
  return (
    <div style={{ height: '100%', minHeight: 240, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" description="正在加载…" />
    </div>
  );
}
