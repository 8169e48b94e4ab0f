import { useId } from 'react';

/** The product mark (a parcel: goods being procured); the same drawing as public/favicon.svg. */
export function Logo({ size = 40 }: { size?: number }) {
  // Gradient ids are document-global, so each instance needs its own.
  const gradient = useId();
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
      style={{ display: 'block' }}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4fa8ff" />
          <stop offset="1" stopColor="#1677ff" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="11" fill={`url(#${gradient})`} />
      <path
        d="M24 11l11 6v13l-11 6-11-6V17zM13 17l11 6 11-6M24 23v13"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
