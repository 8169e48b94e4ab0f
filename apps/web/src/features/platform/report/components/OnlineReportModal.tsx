import type { ReportRow } from '@aps/shared';
import { REPORT_MESSAGES, REPORT_POPUP_WIDTH } from '@aps/shared/constants';
import { App, Modal, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../../shared/list/download.ts';
import { useReportColumns } from '../api.ts';
import { ReportTable } from './ReportTable.tsx';

export interface OnlineReportModalProps {
  /** The report's code (or its cgRpConfigId). */
  code: string;
  open: boolean;
  /** Defaults to the report's name. */
  title?: string;
  /** Several rows (default) or exactly one (§5: 请选择一条记录). */
  multiple?: boolean;
  onCancel(): void;
  onOk(rows: ReportRow[]): void;
}

/**
 * The online report popup (§2, width 1200 per §9): a report by code with its query form and paged table; the
 * user picks rows and 确定 hands them back.
 */
export function OnlineReportModal({ code, open, title, multiple = true, onCancel, onOk }: OnlineReportModalProps) {
  const { message } = App.useApp();
  const config = useReportColumns(open ? code : '');
  const [rows, setRows] = useState<ReportRow[]>([]);
  return (
    <Modal
      open={open}
      title={title ?? config.data?.cgRpConfigName ?? '在线报表'}
      width={REPORT_POPUP_WIDTH}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
      afterClose={() => setRows([])}
      onCancel={onCancel}
      onOk={() => {
        if (multiple ? rows.length === 0 : rows.length !== 1) {
          message.warning(REPORT_MESSAGES.selectOne);
          return;
        }
        onOk(rows);
      }}
    >
      {config.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : config.isError || !config.data ? (
        <Result status="warning" title="报表加载失败" subTitle={errorText(config.error, '报表不存在或无权访问')} />
      ) : (
        <ReportTable
          config={config.data}
          formName="reportPopupSearch"
          selection={multiple ? 'multiple' : 'single'}
          onSelectionChange={setRows}
          scrollY={400}
        />
      )}
    </Modal>
  );
}
