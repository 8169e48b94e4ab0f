import { Logo } from '../shared/ui/Logo.tsx';

/**
 * Shown while the first page's code loads: the same branded splash as index.html (its .app-boot styles), so the
 * screen does not change until the page itself is ready, and without antd, which the login page does not load.
 */
export function BootSplash() {
  return (
    <div className="app-boot">
      <Logo size={64} />
      <p className="app-boot-title">全流程数字化采购平台</p>
      <span>正在加载…</span>
    </div>
  );
}
