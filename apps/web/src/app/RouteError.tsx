import { useRouteError } from 'react-router';
import { ChunkLoadError } from '../shared/chunk.ts';
import { PlainButton } from '../shared/ui/PlainButton.tsx';

/**
 * Last-resort boundary for render and chunk-load errors. The usual cause in production is a stale tab
 * asking for a chunk that a new deployment replaced, which a reload fixes. Plain markup without antd: it is part of
 * the first page load, and must work when chunks fail to load.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main
      role="alert"
      style={{
        minHeight: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        padding: 24,
        textAlign: 'center',
      }}
    >
      <div style={{ fontSize: 56, fontWeight: 600, color: '#ff4d4f', lineHeight: 1 }}>500</div>
      <h1 style={{ margin: 0, fontSize: 24, fontWeight: 500, color: 'rgba(0,0,0,0.88)' }}>页面出错了</h1>
      <p style={{ margin: '0 0 12px', color: 'rgba(0,0,0,0.45)' }}>页面加载失败，请刷新后重试</p>
      {error instanceof ChunkLoadError && (
        // §8's names, for whoever reports the problem: ChunkLoadError, or CSS_CHUNK_LOAD_FAILED for a stylesheet.
        <code style={{ margin: '0 0 12px', color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
          {error.code === 'CSS_CHUNK_LOAD_FAILED' ? 'CSS_CHUNK_LOAD_FAILED' : error.name}
        </code>
      )}
      <PlainButton onClick={() => window.location.reload()}>刷新页面</PlainButton>
    </main>
  );
}
