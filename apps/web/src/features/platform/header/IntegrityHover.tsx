import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import integrityImage from './assets/integrity.svg';

/** §2 integrity supervision: hovering the entry shows the supervision card (reporting phone and e-mail). */
export function IntegrityHover() {
  return (
    <Popover
      placement="bottomRight"
      arrow={false}
      styles={{ container: { padding: 8 } }}
      content={<img src={integrityImage} width={320} height={200} alt="廉洁监督：监督举报电话与举报邮箱" />}
    >
      <button type="button" className="aps-header-action" aria-label="廉洁监督">
        <SafetyCertificateOutlined />
      </button>
    </Popover>
  );
}
