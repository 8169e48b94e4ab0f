import { splitMatches } from '../highlight.ts';

/** The text with every occurrence of `query` marked (§2: matches highlighted). */
export function Highlight({ text, query }: { text: string; query: string }) {
  return (
    <>
      {splitMatches(text, query).map((s, i) =>
        s.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reorder.
          <mark key={i} className="qa-highlight" style={{ background: '#ffe58f', padding: 0, color: 'inherit' }}>
            {s.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reorder.
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
