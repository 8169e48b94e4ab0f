import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { useFileUrl } from '../../../../shared/upload/useFileUrl.ts';

/** The user's avatar: a stored file is fetched with the session's headers (useFileUrl), an address shown as is. */
export function AccountAvatar({ path, size }: { path: string | null | undefined; size: number }) {
  const { url } = useFileUrl(path);
  return (
    <Avatar
      size={size}
      src={url ?? undefined}
      icon={<UserOutlined />}
      alt="头像"
      style={{ backgroundColor: '#278bf7' }}
    />
  );
}
