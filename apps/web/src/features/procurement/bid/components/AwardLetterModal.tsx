import type { AwardLetterDto } from '@aps/shared';
import { AWARD_LETTER_TITLES, formatMoney } from '@aps/shared/constants';
import { Modal, Skeleton, Typography } from 'antd';
import { type LetterReader, useAwardLetter } from '../api.ts';

/** The letter's text, as the supplier received it (supplier, project, package, price #,##0.00, date). */
export function AwardLetterText({ letter }: { letter: AwardLetterDto }) {
  const subject = `${letter.purchaseName}（项目编号 ${letter.purchaseCode}，标包 ${letter.packageNo} ${letter.packageName}）`;
  return (
    <article aria-label="通知书正文">
      <Typography.Title level={4} style={{ textAlign: 'center' }}>
        {AWARD_LETTER_TITLES[letter.type]}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'right' }}>
        编号：{letter.letterNo}
      </Typography.Paragraph>
      <Typography.Paragraph strong>{letter.supplierName}：</Typography.Paragraph>
      {letter.type === 'win' ? (
        <Typography.Paragraph>
          贵单位在{subject}中被确定为中标人，中标价{' '}
          <Typography.Text strong>{formatMoney(letter.price)}</Typography.Text> 元。请按采购文件约定签订合同。
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph>感谢贵单位参与{subject}。经评审，贵单位未中标。</Typography.Paragraph>
      )}
      <Typography.Paragraph style={{ textAlign: 'right' }}>日期：{letter.sendTime.slice(0, 10)}</Typography.Paragraph>
    </article>
  );
}

/** A 中标通知书 / 未中标通知书 opened from a list (staff: 采购结果 and the drawer; a supplier: 我的投标). */
export function AwardLetterModal({
  letterId,
  reader,
  onClose,
}: {
  letterId: string | null;
  reader: LetterReader;
  onClose: () => void;
}) {
  const letter = useAwardLetter(reader, letterId);
  return (
    <Modal
      open={!!letterId}
      onCancel={onClose}
      footer={null}
      width={640}
      title={letter.data ? AWARD_LETTER_TITLES[letter.data.type] : '通知书'}
      destroyOnHidden
    >
      {letter.data ? <AwardLetterText letter={letter.data} /> : <Skeleton active />}
    </Modal>
  );
}
