import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { PlainIcon } from './PlainIcon.tsx';
import './plain.css';

export interface PlainButtonProps {
  children: ReactNode;
  htmlType?: 'button' | 'submit';
  size?: 'middle' | 'large';
  block?: boolean;
  loading?: boolean;
  disabled?: boolean;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
}

/**
 * antd's primary Button (same look, loading icon and click wave) for the pages drawn without antd: the login page
 * and the error boundary, which are part of the first page load.
 */
export function PlainButton({
  children,
  htmlType = 'button',
  size = 'middle',
  block,
  loading = false,
  disabled,
  onClick,
}: PlainButtonProps) {
  // The loading icon shrinks away after loading ends, as antd's does.
  const [wasLoading, setWasLoading] = useState(loading);
  const [iconLeaving, setIconLeaving] = useState(false);
  if (wasLoading !== loading) {
    setWasLoading(loading);
    setIconLeaving(!loading);
  }
  const [wave, setWave] = useState(0);
  // The leave animation ends the icon; a browser that skips animations (a background tab) must not keep it.
  useEffect(() => {
    if (!iconLeaving) return;
    const timer = setTimeout(() => setIconLeaving(false), 400);
    return () => clearTimeout(timer);
  }, [iconLeaving]);

  const className = [
    'aps-btn',
    size === 'large' && 'aps-btn-lg',
    block && 'aps-btn-block',
    loading && 'aps-btn-loading',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={htmlType}
      className={className}
      disabled={disabled}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        setWave((n) => n + 1);
        onClick?.(event);
      }}
    >
      {wave > 0 && (
        <span
          key={wave}
          className="aps-wave"
          onAnimationEnd={(event) => {
            if (event.animationName === 'aps-wave-fade') setWave(0);
          }}
        />
      )}
      {(loading || iconLeaving) && (
        <span
          className={`aps-btn-icon ${loading ? 'aps-btn-icon-enter' : 'aps-btn-icon-leave'}`}
          // A leaving icon is decoration: the button is named by its text again as soon as loading ends.
          aria-hidden={loading ? undefined : true}
          onAnimationEnd={() => setIconLeaving(false)}
        >
          <PlainIcon name="loading" spin />
        </span>
      )}
      <span>{children}</span>
    </button>
  );
}
