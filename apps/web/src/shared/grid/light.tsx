import type { ChangeEvent, MouseEvent, ReactNode } from 'react';

/**
 * Resting-cell parts drawn with plain elements and styled like antd's Checkbox and Tag in grid.css (colours from
 * the theme through the grid's CSS variables): a 10,000-row grid scrolls without their per-instance runtime
 * (style hooks, wave, form contexts). A native checkbox stays underneath, so clicks, keys and roles are real.
 */
export function LightCheckbox({
  checked,
  disabled,
  label,
  onChange,
  onClick,
}: {
  checked: boolean;
  disabled?: boolean;
  label?: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  onClick?: (e: MouseEvent<HTMLInputElement>) => void;
}) {
  return (
    <label className={`aps-grid-checkbox${disabled ? ' aps-grid-checkbox-disabled' : ''}`}>
      <span className={`aps-grid-checkbox-box${checked ? ' aps-grid-checkbox-checked' : ''}`}>
        <input
          type="checkbox"
          className="aps-grid-checkbox-input"
          aria-label={label}
          checked={checked}
          disabled={disabled}
          onChange={onChange}
          onClick={onClick}
        />
      </span>
    </label>
  );
}

/** antd's default (filled) Tag; a coloured tag keeps antd's `Tag` (its colour presets). */
export function LightTag({ children }: { children: ReactNode }) {
  return <span className="ant-tag aps-grid-tag">{children}</span>;
}
