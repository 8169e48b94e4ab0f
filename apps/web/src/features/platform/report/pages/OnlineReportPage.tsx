import { SelectOutlined } from '@ant-design/icons';
import type { ReportRow } from '@aps/shared';
import { App, Button, Card, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { errorText } from '../../../../shared/list/download.ts';
import { useReportColumns } from '../api.ts';
import { OnlineReportModal } from '../components/OnlineReportModal.tsx';
import { ReportTable } from '../components/ReportTable.tsx';

/** The report's code: the last segment of its route /online/cgreport/:code. */
export function reportCodeOf(pathname: string): string {
  return decodeURIComponent(pathname.split('/').filter(Boolean).pop() ?? '');
}

/**
 * An online report page (menu component online/cgreport/OnlCgreportAutoList, route /online/cgreport/:code):
 * the report's query form and paged table; 弹窗选择 opens the same report as the selection popup.
 */
export default function OnlineReportPage() {
  const { message } = App.useApp();
  const code = reportCodeOf(useLocation().pathname);
  const config = useReportColumns(code);
  const [popup, setPopup] = useState(false);

  if (config.isPending) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  if (config.isError || !config.data) {
    return (
      <Card variant="borderless">
        <Result status="warning" title="报表加载失败" subTitle={errorText(config.error, '报表不存在或无权访问')} />
      </Card>
    );
  }
  return (
    <Card variant="borderless" className="aps-list-page">
      <ReportTable
        config={config.data}
        formName="reportSearch"
        toolbar={
          <Button icon={<SelectOutlined />} onClick={() => setPopup(true)}>
            弹窗选择
          </Button>
        }
      />
      <OnlineReportModal
        code={code}
        open={popup}
        onCancel={() => setPopup(false)}
        onOk={(rows: ReportRow[]) => {
          setPopup(false);
          message.success(`已选择 ${rows.length} 条记录`);
        }}
      />
    </Card>
  );
}
