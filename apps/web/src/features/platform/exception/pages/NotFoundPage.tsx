import { ExceptionResult } from '../ExceptionResult.tsx';

/** /404: where unknown paths end. */
export default function NotFoundPage() {
  return (
    <main style={{ minHeight: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <ExceptionResult status={404} />
    </main>
  );
}
