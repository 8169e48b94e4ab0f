import { Card } from 'antd';
import { ExceptionResult } from '../ExceptionResult.tsx';

/** Menu view exception/500, inside the workspace. */
export default function ServerErrorPage() {
  return (
    <Card variant="borderless">
      <ExceptionResult status={500} />
    </Card>
  );
}
