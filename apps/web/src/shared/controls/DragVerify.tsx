import { CheckCircleFilled, DoubleRightOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { type PointerEvent, useRef, useState } from 'react';
import { clampDrag, DRAG_VERIFY_TEXT, dragVerifyEnd } from './logic.ts';

export interface DragVerifyProps {
  /** Track width in px (default 300). */
  width?: number;
  height?: number;
  /** Called once when the handle reaches the end. */
  onPass?: () => void;
  text?: string;
  successText?: string;
}

/**
 * §4 drag-to-verify slider: unverified until the handle is dragged to the full width (the label then reads
 * 验证通过), otherwise it snaps back; once passed it cannot move.
 */
export function DragVerify({
  width = 300,
  height = 40,
  onPass,
  text = DRAG_VERIFY_TEXT.idle,
  successText = DRAG_VERIFY_TEXT.passed,
}: DragVerifyProps) {
  const { token } = theme.useToken();
  const [offset, setOffset] = useState(0);
  const [passed, setPassed] = useState(false);
  const [dragging, setDragging] = useState(false);
  const start = useRef(0);
  const max = width - height;

  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (passed) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = e.clientX;
    setDragging(true);
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (dragging) setOffset(clampDrag(e.clientX - start.current, max));
  };
  const up = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging) return;
    setDragging(false);
    const end = dragVerifyEnd(e.clientX - start.current, max);
    setOffset(end.offset);
    if (end.passed) {
      setPassed(true);
      onPass?.();
    }
  };

  // The snap back is antd's kind of motion: none under the system's "reduce motion" (the theme's motion token).
  const transition = dragging || !token.motion ? 'none' : 'all 0.3s';
  return (
    <div
      className="aps-drag-verify"
      data-passed={passed || undefined}
      style={{
        position: 'relative',
        width,
        height,
        lineHeight: `${height - 2}px`,
        background: token.colorFillTertiary,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        textAlign: 'center',
        userSelect: 'none',
        overflow: 'hidden',
      }}
    >
      <div
        style={{
          position: 'absolute',
          inset: 0,
          width: offset + height / 2,
          background: token.colorSuccessBg,
          transition,
        }}
      />
      <span
        style={{
          position: 'relative',
          color: passed ? token.colorSuccess : token.colorTextSecondary,
          fontSize: token.fontSize,
        }}
      >
        {passed ? successText : text}
      </span>
      <div
        role="slider"
        aria-label={passed ? successText : text}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.round(offset)}
        tabIndex={0}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        style={{
          position: 'absolute',
          top: 0,
          left: offset,
          width: height,
          height: height - 2,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: token.colorBgContainer,
          borderRight: `1px solid ${token.colorBorder}`,
          cursor: passed ? 'default' : 'grab',
          color: passed ? token.colorSuccess : token.colorTextTertiary,
          transition,
          touchAction: 'none',
        }}
      >
        {passed ? <CheckCircleFilled /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
}
