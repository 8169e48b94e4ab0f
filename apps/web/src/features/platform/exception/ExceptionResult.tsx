import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { getToken, HOME_PATH } from '../auth/session.ts';

const TEXTS = {
  403: '抱歉，你无权访问该页面',
  404: '很抱歉，资源未找到!',
  500: '抱歉，服务器出错了',
} as const;

/** The exception page (§1: 403, 404, 500); 返回首页 leads to the workspace when signed in, else to /. */
export function ExceptionResult({ status }: { status: 403 | 404 | 500 }) {
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={String(status)}
      subTitle={TEXTS[status]}
      extra={
        <Button type="primary" onClick={() => navigate(getToken() ? HOME_PATH : '/', { replace: true })}>
          返回首页
        </Button>
      }
    />
  );
}
