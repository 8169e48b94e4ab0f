import { Card } from 'antd';
import { ExceptionResult } from '../ExceptionResult.tsx';

/** Menu view exception/403, inside the workspace. */
export default function ForbiddenPage() {
  return (
    <Card variant="borderless">
      <ExceptionResult status={403} />
    </Card>
  );
}
