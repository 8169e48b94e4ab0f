import { Card } from 'antd';
import { ExceptionResult } from '../ExceptionResult.tsx';

/** Menu view exception/404, inside the workspace. */
export default function NotFoundInWorkspacePage() {
  return (
    <Card variant="borderless">
      <ExceptionResult status={404} />
    </Card>
  );
}
